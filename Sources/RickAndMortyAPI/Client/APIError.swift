/// Everything that can go wrong asking the API, each case naming what failed.
///
/// A filter with no matches is not an error: it is an empty `Page`.
public enum APIError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An id the API does not know. `resource` is the path segment, e.g. `character`.
    case notFound(resource: String, id: Int)
    /// The API refused the request (400), with its message.
    case badRequest(url: String, message: String)
    /// The server failed (5xx) on every attempt.
    case server(status: Int, url: String, detail: String)
    /// The server kept answering 429 Too Many Requests.
    case throttled(url: String, retryAfterSeconds: Double?)
    /// A status the API never sends for this request.
    case unexpectedStatus(status: Int, url: String)
    /// No connection could be made: refused, no route, or the name does not resolve.
    case unreachable(host: String, reason: String)
    /// No complete answer within the time allowed.
    case timedOut(url: String, seconds: Double)
    /// The connection closed before the whole body arrived (on every attempt).
    case connectionDropped(url: String, reason: String)
    /// The body arrived whole by HTTP's account but ends before the document does (a JSON value
    /// or an image cut short), on every attempt.
    case incompleteBody(url: String, receivedBytes: Int)
    /// The body is larger than the configured cap.
    case responseTooLarge(url: String, limitBytes: Int)
    /// The server kept redirecting: a loop, or more hops than allowed.
    case tooManyRedirects(url: String)
    /// The body is not the JSON the API promises; `field` is the path to the bad value.
    case malformedResponse(url: String, field: String, reason: String)
    /// Offline, and the answer to this request (a path under the API root) is not in the cache.
    case notCached(path: String)
    /// No request can be made at all: libcurl, the HTTP library, could not be loaded.
    case transportUnavailable(reason: String)
    /// The server's TLS certificate does not verify against the trusted CAs (expired, another
    /// host's, signed by an unknown CA), or the CA file given cannot be used.
    case untrustedCertificate(host: String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let resource, let id):
            "\(resource) \(id) not found"
        case .badRequest(let url, let message):
            "the API refused \(url): \(message)"
        case .server(let status, let url, let detail):
            "the server failed with \(status) for \(url)\(detail.isEmpty ? "" : ": \(detail)")"
        case .throttled(let url, let retryAfter):
            "the server is rate limiting requests (429) for \(url)"
                + (retryAfter.map { "; it asks to retry after \(Int($0.rounded(.up))) s" } ?? "")
        case .unexpectedStatus(let status, let url):
            "unexpected HTTP status \(status) for \(url)"
        case .unreachable(let host, let reason):
            "cannot reach \(host) (\(reason))"
        case .timedOut(let url, let seconds):
            "no answer from \(url) within \(Self.format(seconds)) s"
        case .connectionDropped(let url, let reason):
            "the connection dropped while reading \(url) (\(reason))"
        case .incompleteBody(let url, let received):
            "the response from \(url) was cut short (\(received) bytes arrived, then the document stopped)"
        case .responseTooLarge(let url, let limit):
            "the response from \(url) is larger than the \(limit)-byte limit"
        case .tooManyRedirects(let url):
            "too many redirects (or a redirect loop) from \(url)"
        case .malformedResponse(let url, let field, let reason):
            "malformed response from \(url): field \(field): \(reason)"
        case .notCached(let path):
            "offline, and the answer to \(path) is not in the cache"
        case .transportUnavailable(let reason):
            "cannot make HTTP requests: libcurl could not be loaded (\(reason))"
        case .untrustedCertificate(let host, let reason):
            "the TLS certificate of \(host) cannot be trusted (\(reason))"
        }
    }

    /// Whether trying the same request again may succeed.
    public var isTransient: Bool {
        switch self {
        case .server, .throttled, .timedOut, .connectionDropped, .incompleteBody: true
        default: false
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
