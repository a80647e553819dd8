import FoundationEssentials
import LoupeHTTP
import LoupeImaging

/// The default `DataLoading`: downloads `http` and `https` URLs through `HTTPTransport` (any other
/// scheme is `ImagePipeline.Error.urlRefused`; a deadline, a body cap, retries
/// with backoff on 5xx, 429 and dropped connections, `Retry-After`, a limit per host, HTTP/2
/// through libcurl). Identical requests are joined before they get here, by `ImagePipeline`,
/// which reads `file://` URLs itself.
public struct ImageFetcher: DataLoading {
    public let transport: HTTPTransport

    /// `transport` defaults to one with `LoupeHTTP`'s limits: 20 s an attempt, 10 MB a body, three
    /// retries with backoff.
    public init(transport: HTTPTransport = HTTPTransport()) {
        self.transport = transport
    }

    /// GETs `request`, telling `progress` of each part of the body. Throws `HTTPError` for
    /// transport failures, or `CancellationError`.
    public func loadData(
        for request: DataRequest, progress: @escaping @Sendable (_ completed: Int, _ total: Int?) -> Void = { _, _ in }
    ) async throws -> Download {
        // libcurl would speak gopher, ftp, dict and the rest: an image comes over HTTP or not at all.
        guard ["http", "https"].contains(request.url.scheme?.lowercased() ?? "") else {
            throw ImagePipeline.Error.urlRefused(url: request.url.absoluteString)
        }
        // An image cut short is retried; bytes that are no image at all are not.
        let response = try await transport.get(
            request.url, headers: request.headers,
            isComplete: { ImageSniffer.format(of: $0) == nil || ImageSniffer.isComplete($0) }, progress: progress)
        return Download(body: response.body, status: response.status, headers: response.headers)
    }
}
