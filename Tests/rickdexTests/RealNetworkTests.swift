import Foundation
import TestSupport
import Testing

/// The client as users reach the real service: over TLS and HTTP/2 through nginx (a CA and
/// certificates of the test's own, made with openssl), across a link that delays every byte.
@Suite(.enabled(if: Nginx.binary != nil, Nginx.missing))
struct RealNetworkTests {
    /// nginx over TLS and HTTP/2 in front of `rickdex serve`, with answers' URLs naming the proxy.
    static func proxy(_ upstream: ServeProcess, certificate: TestCertificates.Server) throws -> Nginx {
        try Nginx(
            upstream: upstream.origin,
            extra: "proxy_set_header X-Forwarded-Host $http_host; proxy_set_header X-Forwarded-Proto $scheme;",
            certificate: certificate)
    }

    @Test func aWarmOverHTTP2AndTLSAcrossADelayingLinkRidesOneConnection() async throws {
        let certificates = try TestCertificates()
        let upstream = try await ServeProcess()
        let proxy = try Self.proxy(upstream, certificate: try certificates.server("localhost", for: ["IP:127.0.0.1"]))
        let relay = try await LatencyRelay(to: proxy.port, delay: 5)
        let cache = try TemporaryFolder()
        let run = try await RickdexProcess.run(
            [
                "warm", "--all", "--no-thumbnails", "--api", "https://127.0.0.1:\(relay.port)/api", "--cacert",
                certificates.authority, "-v", "--json",
            ],
            environment: ["RICKDEX_CACHE_DIR": cache.path])
        #expect(run.status == 0, "\(run.stderr.suffix(2000))")
        let host = try #require(run.stderr.split(separator: "\n").first { $0.hasPrefix("http: 127.0.0.1:\(relay.port)") })
        // 42 character pages, 51 episodes in 3, 126 locations in 7, and 826 avatars.
        #expect(host == "http: 127.0.0.1:\(relay.port): 878 over HTTP/2, 1 connection opened", "\(host)")
        // And it arrived: an offline search finds what the warm stored.
        let offline = try await RickdexProcess.run(
            ["search", "rick", "--offline", "--json", "--api", "https://127.0.0.1:\(relay.port)/api"],
            environment: ["RICKDEX_CACHE_DIR": cache.path])
        #expect(offline.status == 0 && offline.stdout.contains("\"name\" : \"Rick Sanchez\""), "\(offline.stderr)")
    }

    @Test func aCertificateThatDoesNotVerifyNamesTheHostAndCacertAndCachesNothing() async throws {
        let certificates = try TestCertificates()
        let upstream = try await ServeProcess()
        let trusted = try Self.proxy(upstream, certificate: try certificates.server("localhost", for: ["IP:127.0.0.1"]))
        let otherHost = try Self.proxy(upstream, certificate: try certificates.server("other", for: ["DNS:other.example"]))
        for (api, cacert) in [(trusted.apiRoot, nil), (otherHost.apiRoot, certificates.authority)] {
            let cache = try TemporaryFolder()
            let run = try await RickdexProcess.run(
                ["show", "1", "--api", api] + (cacert.map { ["--cacert", $0] } ?? []),
                environment: ["RICKDEX_CACHE_DIR": cache.path])
            #expect(run.status == 2, "\(api): \(run.stderr)")
            #expect(run.stderr.contains("the TLS certificate of 127.0.0.1:"), "\(run.stderr)")
            #expect(run.stderr.contains(" cannot be trusted"), "\(run.stderr)")
            #expect(run.stderr.contains("--cacert FILE or RICKDEX_CACERT"), "\(run.stderr)")
            let stats = try await RickdexProcess.run(
                ["cache", "stats", "--json"], environment: ["RICKDEX_CACHE_DIR": cache.path])
            #expect(stats.stdout.contains("\"entries\" : 0"), "nothing cached: \(stats.stdout)")
        }
        let missing = try await RickdexProcess.run(["show", "1", "--api", trusted.apiRoot, "--cacert", "/nonexistent.pem"])
        #expect(
            missing.status == 1
                && missing.stderr.contains("the CA file /nonexistent.pem (--cacert or RICKDEX_CACERT) cannot be read"))
        // Trusted through the environment as well.
        let cache = try TemporaryFolder()
        let good = try await RickdexProcess.run(
            ["show", "1", "--api", trusted.apiRoot, "--json"],
            environment: ["RICKDEX_CACHE_DIR": cache.path, "RICKDEX_CACERT": certificates.authority])
        #expect(good.status == 0 && good.stdout.contains("Rick Sanchez"), "\(good.stderr)")
    }
}
