import LoupeToolbox

/// What each host's requests spoke (HTTP/1.1, HTTP/2) and how many connections they opened, for
/// a verbose report: over HTTP/2 a whole batch rides one connection, over HTTP/1.1 up to 8. Thread-safe.
public final class ConnectionLog: Sendable {
    /// One finished request: its protocol, and how many connections it opened (0 when it reused one).
    public struct Use: Sendable, Hashable {
        public var `protocol`: String
        public var opened: Int
    }

    public struct Host: Sendable, Hashable {
        public var name: String
        /// Requests by protocol.
        public var requests: [String: Int]
        public var connections: Int
    }

    private let hosts = Locked<[String: Host]>([:])

    public init() {}

    func record(_ use: Use, host: String) {
        hosts.withLock { hosts in
            hosts[host, default: Host(name: host, requests: [:], connections: 0)].requests[use.protocol, default: 0] += 1
            hosts[host]?.connections += use.opened
        }
    }

    public var summary: [Host] {
        hosts.withLock { $0.values.sorted { $0.name < $1.name } }
    }

    static let http2 = "HTTP/2"

    /// libcurl's `CURLINFO_HTTP_VERSION` in words.
    static func protocolName(_ version: Int) -> String {
        switch version {
        case 1: "HTTP/1.0"
        case 2: "HTTP/1.1"
        case 3: http2
        case 30: "HTTP/3"
        default: "HTTP"
        }
    }
}
