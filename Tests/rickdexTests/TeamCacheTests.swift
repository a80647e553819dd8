import Foundation
import LoupeHTTP
import HTTPTypes
import RickAndMortyAPI
import TestSupport
import Testing

/// A team sharing one cache through a real nginx `proxy_cache` in front of a real `rickdex serve`
/// (`docs/team-cache.md`), and the HTTP caching semantics that make it work.
@Suite(.serialized) struct TeamCacheTests {
    let caches: TemporaryFolder

    init() throws {
        caches = try TemporaryFolder()
    }

    /// `warm --all --no-thumbnails --json` into cache root `name` through `api`.
    func warm(_ name: String, through api: String) async throws -> (status: Int32, report: [String: Any], stderr: String) {
        let run = try await RickdexProcess.run(
            ["warm", "--all", "--no-thumbnails", "--api", api, "--json"],
            environment: ["RICKDEX_CACHE_DIR": caches.appendingPathComponent(name).path])
        let report = (try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]) ?? [:]
        return (run.status, report, run.stderr)
    }

    func counts(_ report: [String: Any], _ key: String) -> [String: Int] {
        report[key] as? [String: Int] ?? [:]
    }

    /// The URLs one `warm --all` of the fixtures asks for: 52 pages and 826 avatars.
    static let urlsPerWarm = 52 + 826

    /// The proxy lines docs/team-cache.md gives for the real origin's headers: JSON (no
    /// Cache-Control) an hour, avatars (`max-age=0`) a week all the same.
    static let originJSON = "proxy_cache_valid 200 1h;"
    static let originAvatars = "proxy_ignore_headers Cache-Control Expires; proxy_cache_valid 200 7d;"

    @Test(.enabled(if: Nginx.binary != nil, Nginx.missing), arguments: ["cdn", "origin"])
    func machinesWarmingThroughOneProxyCostTheUpstreamEachURLOnce(headers: String) async throws {
        let upstream = try await ServeProcess(["--headers", headers])
        let proxy =
            headers == "cdn"
            ? try Nginx(upstream: upstream.origin)
            : try Nginx(upstream: upstream.origin, extra: Self.originJSON, avatars: Self.originAvatars)

        // The first machine: every URL reaches the upstream once, and only through nginx.
        let first = try await warm("A", through: proxy.apiRoot)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(counts(first.report, "pages")["fetched"] == 52)
        #expect(counts(first.report, "avatars")["fetched"] == 826)
        let served = try upstream.requests()
        #expect(served.count == Self.urlsPerWarm)
        #expect(Set(served).count == served.count, "an URL reached the upstream twice")
        #expect(served.contains("/api/character/avatar/1.jpeg"))
        #expect(served.contains("/api/location?page=7"))
        let missed = try proxy.accessLog().filter { $0.cacheStatus == "MISS" }.map(\.uri)
        #expect(Set(missed) == Set(served), "a request reached the upstream without going through nginx")

        // The second machine: all from nginx, none from the upstream.
        let logged = try proxy.accessLog().count
        let second = try await warm("B", through: proxy.apiRoot)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(counts(second.report, "avatars")["fetched"] == 826)
        #expect(try upstream.requests().count == Self.urlsPerWarm)
        let secondRun = try proxy.accessLog().dropFirst(logged)
        #expect(secondRun.count == Self.urlsPerWarm)
        #expect(secondRun.allSatisfy { $0.cacheStatus == "HIT" })

        // The upstream gone: nginx alone completes a third machine's warm.
        upstream.stop()
        let third = try await warm("C", through: proxy.apiRoot)
        #expect(third.status == 0, "\(third.stderr)")
        #expect(counts(third.report, "pages")["failed"] == 0)
        #expect(counts(third.report, "avatars")["fetched"] == 826)

        // And that machine works offline, locations included.
        let offline = try await RickdexProcess.run(
            ["location", "3", "--offline", "--api", proxy.apiRoot, "--no-preview"],
            environment: ["RICKDEX_CACHE_DIR": caches.appendingPathComponent("C").path])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout.contains(TestData.fixturesDataset.locations[2].name))
    }

    /// The lines docs/team-cache.md gives for fronting `rickdex serve`: the proxy's own name, fixed
    /// (here its address: `$server_port` is the port nginx listens on, which no client sets), and a
    /// client's `Forwarded` dropped, so nothing a client sends names the host in an answer that
    /// nginx then keeps for everyone.
    static let forwarding = """
        proxy_set_header X-Forwarded-Host 127.0.0.1:$server_port;
        proxy_set_header X-Forwarded-Proto http;
        proxy_set_header Forwarded "";
        """

    @Test(.enabled(if: Nginx.binary != nil, Nginx.missing))
    func serveBehindAProxyWritesTheProxysAddress() async throws {
        let upstream = try await ServeProcess(["--headers", "cdn"])
        let proxy = try Nginx(upstream: upstream.origin, extra: Self.forwarding)
        let answer = try await HTTPTransport().get(try #require(URL(string: proxy.apiRoot + "/character/1")))
        let body = String(decoding: answer.body, as: UTF8.self)
        #expect(answer.status == 200)
        #expect(body.contains("\"url\":\"\(proxy.apiRoot)/character/1\""))
        #expect(body.contains("\"image\":\"\(proxy.apiRoot)/character/avatar/1.jpeg\""))
        #expect(!body.contains(upstream.baseURL))
    }

    @Test(.enabled(if: Nginx.binary != nil, Nginx.missing))
    func aForgedHostDoesNotChangeWhatOtherClientsGetFromTheProxy() async throws {
        let upstream = try await ServeProcess(["--headers", "cdn"])
        let proxy = try Nginx(upstream: upstream.origin, extra: Self.forwarding)
        // The first request for this URL, which nginx stores, names another host every way it can.
        let forged = try await Self.curl([
            "-H", "Host: evil.example", "-H", "X-Forwarded-Host: evil.example", "-H", "X-Forwarded-Proto: https",
            "-H", "Forwarded: host=evil.example;proto=https", proxy.apiRoot + "/character/2",
        ])
        #expect(forged.contains("\"url\":\"\(proxy.apiRoot)/character/2\""), "\(forged.prefix(300))")
        #expect(!forged.contains("evil"))

        let answer = try await HTTPTransport().get(try #require(URL(string: proxy.apiRoot + "/character/2")))
        let body = String(decoding: answer.body, as: UTF8.self)
        #expect(answer.status == 200)
        let cacheStatus = try #require(HTTPField.Name("X-Cache-Status"))
        #expect(answer.headers[cacheStatus] == "HIT", "the second request did not come from the cache")
        #expect(body.contains("\"image\":\"\(proxy.apiRoot)/character/avatar/2.jpeg\""), "\(body.prefix(300))")
        #expect(!body.contains("evil"))
        #expect(try upstream.requests().filter { $0 == "/api/character/2" }.count == 1)
    }

    /// `curl -s ARGUMENTS`: what it printed.
    static func curl(_ arguments: [String]) async throws -> String {
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = ["-s"] + arguments
        let output = Pipe()
        curl.standardOutput = output
        try curl.run()
        return String(decoding: try await curl.finish("curl").stdout, as: UTF8.self)
    }

    @Test func hostileForwardingHeadersAreIgnored() async throws {
        let upstream = try await ServeProcess(["--headers", "cdn"])
        let url = try #require(URL(string: upstream.baseURL + "/character/1"))
        for (name, value) in [
            ("Forwarded", "host=\"evil.example/\\\"><script>\""), ("Forwarded", "host=" + String(repeating: "a", count: 10_000)),
            ("X-Forwarded-Host", "evil example"), ("X-Forwarded-Host", "evil.example:99999"),
        ] {
            let answer = try await HTTPTransport().get(url, headers: [HTTPField.Name(name)!: value])
            let body = String(decoding: answer.body, as: UTF8.self)
            #expect(body.contains("\"url\":\"\(upstream.baseURL)/character/1\""), "\(name): \(value.prefix(40))")
            #expect(!body.contains("evil"))
        }
        let proxied = try await HTTPTransport().get(
            url, headers: [HTTPField.Name("Forwarded")!: "for=1.2.3.4;host=team.example:8443;proto=https"])
        #expect(String(decoding: proxied.body, as: UTF8.self).contains("\"url\":\"https://team.example:8443/api/character/1\""))
    }

    @Test func anAnswerPastItsMaxAgeIsRevalidatedAndNoStoreIsNeverWritten() async throws {
        // max-age=0: stale the moment it is stored, so no wait for a lifetime to pass.
        let upstream = try await ServeProcess(["--headers", "cdn", "--json-cache-control", "max-age=0"])
        let first = try await warm("fresh", through: upstream.baseURL)
        #expect(first.status == 0, "\(first.stderr)")
        let stats = try await RickdexProcess.run(
            ["cache", "stats", "--exact", "--json"],
            environment: ["RICKDEX_CACHE_DIR": caches.appendingPathComponent("fresh").path])
        let usage = try #require(
            (try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])?["usage"] as? [String: Any])
        let byKind = try #require(usage["byKind"] as? [String: [String: Int]])
        #expect(byKind["response"]?["stale"] == 52)
        #expect(byKind["original"]?["fresh"] == 826)

        let second = try await warm("fresh", through: upstream.baseURL)
        #expect(counts(second.report, "pages")["revalidated"] == 52)
        #expect(counts(second.report, "pages")["fetched"] == 0)
        #expect(counts(second.report, "avatars")["cached"] == 826)

        let refusing = try await ServeProcess(["--headers", "cdn", "--json-cache-control", "no-store"])
        let third = try await warm("nostore", through: refusing.baseURL)
        #expect(third.status == 0, "\(third.stderr)")
        let nostore = try await RickdexProcess.run(
            ["cache", "stats", "--exact", "--json"],
            environment: ["RICKDEX_CACHE_DIR": caches.appendingPathComponent("nostore").path])
        #expect(nostore.stdout.contains("\"original\""))
        #expect(!nostore.stdout.contains("\"response\""), "an answer sent no-store was written to disk")
    }
}
