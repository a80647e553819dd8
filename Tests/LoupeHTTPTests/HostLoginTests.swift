import Foundation
import Hummingbird
import HTTPTypes
import Logging
import Synchronization
import TestSupport
import Testing

@testable import LoupeHTTP

/// Credentials go to their host alone: not to another host, nor to one a redirect points at, and
/// never into a log line; a netrc file is read as curl reads it.
@Suite struct HostLoginTests {
    /// Two servers, each recording the `Authorization` of every request, keyed by path; the first
    /// redirects `/away` to the second. `body` gets both origins.
    func withServers(_ seen: Seen, _ body: (URL, URL) async throws -> Void) async throws {
        func routes(_ name: String, redirectTo other: URL?) -> Router<BasicRequestContext> {
            let router = Router()
            router.get("/**") { request, _ -> Response in
                seen.value.withLock { $0["\(name)\(request.uri.path)"] = request.headers[.authorization] ?? "" }
                var fields = HTTPFields()
                switch request.uri.path {
                case "/away" where other != nil:
                    fields[.location] = other?.appendingPathComponent("landed").absoluteString
                    return Response(status: .found, headers: fields)
                case "/local":
                    fields[.location] = "file:///etc/passwd"
                    return Response(status: .found, headers: fields)
                case "/here":
                    fields[.location] = "/home"
                    return Response(status: .movedPermanently, headers: fields)
                default:
                    break
                }
                return Response(status: .ok, body: ResponseBody(byteBuffer: .init(string: "ok")))
            }
            return router
        }
        try await TestData.withServer(router: routes("b", redirectTo: nil)) { second in
            let other = second.deletingLastPathComponent()
            try await TestData.withServer(router: routes("a", redirectTo: other)) { first in
                try await body(first.deletingLastPathComponent(), other)
            }
        }
    }

    static let basic = "Basic " + Data("rick:CANARY-pw".utf8).base64EncodedString()

    @Test func credentialsGoToTheirHostAlone() async throws {
        let seen = Seen()
        let lines = Lines()
        try await withServers(seen) { first, second in
            var configuration = TransportConfiguration()
            configuration.login = HostLogin(
                host: HTTPTransport.hostName(first), credentials: Credentials(user: "rick", password: "CANARY-pw"))
            var logger = Logger(label: "test") { _ in LineCollector(lines: lines) }
            logger.logLevel = .debug
            let transport = HTTPTransport(configuration: configuration, logger: logger)
            _ = try await transport.get(first.appendingPathComponent("home"))
            _ = try await transport.get(second.appendingPathComponent("elsewhere"))
            _ = try await transport.get(first.appendingPathComponent("away"))
        }
        let recorded = seen.value.withLock { $0 }
        #expect(recorded["a/home"] == Self.basic)
        #expect(recorded["b/elsewhere"] == "")
        #expect(recorded["a/away"] == Self.basic)
        // The redirect's target is another host: libcurl sends it nothing.
        #expect(recorded["b/landed"] == "")
        let log = lines.value.withLock { $0 }.joined(separator: "\n")
        #expect(log.contains("redirected to") && !log.contains("CANARY"), "\(log)")
    }

    @Test func aNetrcFileIsReadForItsHost() async throws {
        let seen = Seen()
        let folder = try TemporaryFolder()
        let netrc = folder.appendingPathComponent("netrc")
        try await withServers(seen) { first, second in
            try Data("machine 127.0.0.1 login rick password CANARY-pw\n".utf8).write(to: netrc)
            var configuration = TransportConfiguration()
            configuration.login = HostLogin(host: HTTPTransport.hostName(first), netrcFile: netrc.path)
            let transport = HTTPTransport(configuration: configuration)
            _ = try await transport.get(first.appendingPathComponent("home"))
            // The netrc names the machine, not the port: still only the login's host hears it,
            // asked directly or sent there by a redirect.
            _ = try await transport.get(second.appendingPathComponent("elsewhere"))
            _ = try await transport.get(first.appendingPathComponent("away"))
        }
        let recorded = seen.value.withLock { $0 }
        #expect(recorded["a/home"] == Self.basic)
        #expect(recorded["b/elsewhere"] == "")
        #expect(recorded["a/away"] == Self.basic && recorded["b/landed"] == "")
    }

    /// Redirects are followed hop by hop, each checked before anything is sent to it.
    @Test func aRedirectGoesOnlyWhereItMay() async throws {
        let seen = Seen()
        try await withServers(seen) { first, second in
            var configuration = TransportConfiguration()
            configuration.redirectHosts = HostList([HTTPTransport.hostName(first)])
            let transport = HTTPTransport(configuration: configuration)
            // On its own host: followed.
            let followed = try await transport.get(first.appendingPathComponent("here"))
            #expect(followed.body == Array("ok".utf8))
            // To another host: refused, and that host hears nothing.
            let away = first.appendingPathComponent("away")
            let landed = second.appendingPathComponent("landed").absoluteString
            await #expect(throws: HTTPError.redirectRefused(url: away.absoluteString, target: landed)) {
                _ = try await transport.get(away)
            }
            // To a file: refused, whatever the hosts allowed.
            let local = first.appendingPathComponent("local")
            await #expect(throws: HTTPError.redirectRefused(url: local.absoluteString, target: "file:///etc/passwd")) {
                _ = try await HTTPTransport().get(local)
            }
        }
        let recorded = seen.value.withLock { $0 }
        #expect(recorded["a/home"] == "" && recorded["b/landed"] == nil)
    }

    @Test func credentialsPrintMasked() {
        let credentials = Credentials(user: "rick", password: "CANARY-pw")
        var dumped = ""
        dump(credentials, to: &dumped)
        for text in ["\(credentials)", String(reflecting: credentials), dumped] {
            #expect(!text.contains("CANARY"), "\(text)")
        }
    }
}

/// The `Authorization` each request carried, by server and path.
final class Seen: Sendable {
    let value = Mutex<[String: String]>([:])
}

/// The messages a logger was given.
final class Lines: Sendable {
    let value = Mutex<[String]>([])
}

/// A log handler that keeps each message.
private struct LineCollector: LogHandler {
    let lines: Lines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .debug

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.value.withLock { $0.append("\(event.message)") }
    }
}
