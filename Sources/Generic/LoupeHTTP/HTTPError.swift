import FoundationEssentials
import LoupeToolbox
import SystemPackage

/// A request that got no usable answer: the way to the server failed. A response with any status
/// is an answer, returned, not thrown.
public enum HTTPError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why the way to a server failed, as the system or libcurl said it.
    public enum Cause: Sendable, Hashable, CustomStringConvertible {
        case nameNotResolved
        case connectTimedOut
        /// The system's error: `.connectionRefused`, `.noRouteToHost`, ….
        case system(Errno)
        /// libcurl could not start a transfer (out of handles or memory).
        case transferNotStarted
        /// libcurl's `CURLcode` and its own words for it.
        case curl(code: Int, message: String)

        public var description: String {
            switch self {
            case .nameNotResolved: "the name does not resolve"
            case .connectTimedOut: "connection timed out"
            case .system(let errno): errno.description.lowercased()
            case .transferNotStarted: "libcurl could not start a transfer"
            case .curl(_, let message): message
            }
        }
    }

    /// No connection could be made: refused, no route, or the name does not resolve.
    case unreachable(host: String, cause: Cause)
    /// No complete answer within the time allowed: `seconds` in all, over `attempts`.
    case timedOut(url: String, seconds: Double, attempts: Int = 1)
    /// The body came too slowly to finish in the time allowed: `receivedBytes` in `seconds`.
    case tooSlow(url: String, receivedBytes: Int, seconds: Double)
    /// The connection closed before the whole body arrived (on every attempt).
    case connectionDropped(url: String, cause: Cause)
    /// The body arrived whole by HTTP's account but the document in it is cut short (every attempt).
    case incompleteBody(url: String, receivedBytes: Int)
    case responseTooLarge(url: String, limitBytes: Int)
    case tooManyRedirects(url: String)
    /// A redirect to `target` not followed (not http(s), or a host outside `redirectHosts`).
    case redirectRefused(url: String, target: String)
    /// libcurl could not be loaded.
    case transportUnavailable(reason: String)
    /// The server's TLS certificate does not verify, or the CA file given cannot be used.
    case untrustedCertificate(host: String, cause: Cause)
    /// `TransportConfiguration.deadline` (a command's `--timeout`) passed: with `sent`, after the
    /// request went out, `ending` saying what the attempt came to then (`timedOut`, `tooSlow`);
    /// without, while it waited in this process for a connection. Either way the host may be there.
    indirect case deadlinePassed(url: String, sent: Bool = true, ending: HTTPError? = nil)

    public var description: String {
        switch self {
        case .unreachable(let host, let cause):
            "cannot reach \(host) (\(cause))"
        case .timedOut(let url, let seconds, let attempts):
            "no answer from \(Self.host(url)) in \(Self.format(seconds)) s"
                + " (\(Plural.count(attempts, "attempt")) at \(url))"
        case .tooSlow(let url, let received, let seconds):
            "\(Self.host(url)) answered too slowly: \(Self.size(received)) of its body in \(Self.format(seconds)) s (\(url))"
        case .connectionDropped(let url, let cause):
            "the connection dropped while reading \(url) (\(cause))"
        case .incompleteBody(let url, let received):
            "the response from \(url) was cut short (\(received) bytes arrived, then the document stopped)"
        case .responseTooLarge(let url, let limit):
            "the response from \(url) is larger than the \(Self.size(limit)) limit"
        case .tooManyRedirects(let url):
            "too many redirects (or a redirect loop) from \(url)"
        case .redirectRefused(let url, let target):
            "\(url) redirected to \(target), which is not followed (another host, or not http or https): refused, nothing was sent"
        case .transportUnavailable(let reason):
            "cannot make HTTP requests: libcurl could not be loaded (\(reason))"
        case .untrustedCertificate(let host, let cause):
            "the TLS certificate of \(host) cannot be trusted (\(cause))"
        case .deadlinePassed(let url, let sent, let ending):
            if let ending {
                "\(ending); the deadline passed"
            } else if sent {
                "the deadline passed before \(Self.host(url)) answered (\(url))"
            } else {
                "the deadline passed before the request to \(Self.host(url)) could be sent (\(url))"
            }
        }
    }

    /// Whether trying the same request again may succeed.
    public var isTransient: Bool {
        switch self {
        case .timedOut, .tooSlow, .connectionDropped, .incompleteBody: true
        default: false
        }
    }

    /// Whether a stale copy may stand in: not for a certificate that does not verify, which the
    /// user must hear of.
    public var staleMayStandIn: Bool {
        if case .untrustedCertificate = self { return false }
        return true
    }

    /// A size as people read it: 10 MB, 512 KB, 300 B.
    private static func size(_ bytes: Int) -> String {
        for (unit, scale) in [("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)] where bytes >= scale {
            let value = Double(bytes) / Double(scale)
            return (value == value.rounded() ? String(Int(value)) : String((value * 10).rounded() / 10)) + " " + unit
        }
        return "\(bytes) B"
    }

    /// `host:port` of a URL.
    private static func host(_ url: String) -> String {
        guard let address = URL(string: url), let host = address.host else { return url }
        return address.port.map { "\(host):\($0)" } ?? host
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
