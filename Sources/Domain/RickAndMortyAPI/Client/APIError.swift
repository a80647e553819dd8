import LoupeHTTP

/// Everything that can go wrong asking the API (a filter with no matches is an empty `Page`).
public enum APIError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An id the API does not know.
    case notFound(resource: ResourceKind, id: Int)
    /// The API refused the request (400), with its message.
    case badRequest(url: String, message: String)
    /// The server failed (5xx) on every attempt.
    case server(status: Int, url: String, detail: String)
    /// The server kept answering 429 Too Many Requests.
    case throttled(url: String, retryAfterSeconds: Double?)
    /// A 404 that is not the API's own answer (an HTML page, another JSON shape, the API's "no
    /// such route"): the URL is not under the API's root.
    case notTheAPI(url: String, detail: String)
    /// A status the API never sends for this request.
    case unexpectedStatus(status: Int, url: String)
    /// The body is not the JSON the API promises; `field` is the path to the bad value.
    case malformedResponse(url: String, field: String, reason: String)
    /// Offline, and the answer to this request (a path under the API root) is not in the cache.
    case notCached(path: String)
    /// No answer at all: the way to the server failed (`HTTPError` says how).
    case transport(HTTPError)

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
        case .notTheAPI(let url, let detail):
            "no API at \(url): the server answered 404 Not Found\(detail.isEmpty ? "" : " (\(detail))")"
        case .unexpectedStatus(let status, let url):
            "unexpected HTTP status \(status) for \(url)"
        case .malformedResponse(let url, let field, let reason):
            "malformed response from \(url): field \(field): \(reason)"
        case .notCached(let path):
            "offline, and the answer to \(path) is not in the cache"
        case .transport(let failure):
            failure.description
        }
    }

    /// Whether trying the same request again may succeed.
    public var isTransient: Bool {
        switch self {
        case .server, .throttled: true
        case .transport(let failure): failure.isTransient
        default: false
        }
    }

    /// Failures of the server or the way to it, not answers of the API, for which a stale
    /// cached copy may stand in.
    var staleMayStandIn: Bool {
        switch self {
        case .server, .throttled, .malformedResponse, .unexpectedStatus, .notTheAPI: true
        case .transport(let failure): failure.staleMayStandIn
        case .notFound, .badRequest, .notCached: false
        }
    }
}
