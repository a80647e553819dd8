import FoundationEssentials
import HTTPTypes
import LoupeHTTP
import LoupeImaging

/// The default `DataLoading`: downloads images through the project's one `HTTPTransport`
/// (deadline, body cap, retries with backoff on 5xx/429/dropped connections, `Retry-After`, its
/// per-host limit, HTTP/2 through libcurl). Identical requests are joined before they get here,
/// by `ImagePipeline`'s coalescer.
public struct ImageFetcher: DataLoading {
    public let transport: HTTPTransport

    /// `transport` defaults to one with `LoupeHTTP`'s limits: 20 s an attempt, 10 MB a body, three
    /// retries with backoff.
    public init(transport: HTTPTransport = HTTPTransport()) {
        self.transport = transport
    }

    /// GETs `url`, conditionally when `validators` are given, telling `progress` of each part of
    /// the body. Throws `ImagePipeline.Error.statusCodeUnacceptable` for a status other than
    /// 200/304, `HTTPError` for transport failures, or `CancellationError`.
    public func loadData(
        for url: URL, validators: HTTPFields = [:],
        progress: @escaping @Sendable (_ completed: Int, _ total: Int?) -> Void = { _, _ in }
    ) async throws -> Download {
        // An image cut short is retried; bytes that are no image at all are not.
        let response = try await transport.get(
            url, headers: validators, isComplete: { ImageSniffer.format(of: $0) == nil || ImageSniffer.isComplete($0) },
            progress: progress)
        switch response.status {
        case 200:
            return .body(
                response.body, contentType: response.header(.contentType), etag: response.header(.eTag),
                lastModified: response.header(.lastModified), directives: CacheDirectives(headers: response.headers))
        case 304 where !validators.isEmpty:
            return .notModified(CacheDirectives(headers: response.headers))
        default:
            throw ImagePipeline.Error.statusCodeUnacceptable(response.status, url: url.absoluteString)
        }
    }
}
