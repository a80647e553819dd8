import FoundationEssentials
import LoupeHTTP
import LoupeImaging

/// The default `DataLoading`: `http` and `https` through `HTTPTransport` (deadlines, retries,
/// HTTP/2); any other scheme is `ImagePipeline.Error.urlRefused`.
public struct ImageFetcher: DataLoading {
    public let transport: HTTPTransport

    public init(transport: HTTPTransport = HTTPTransport()) {
        self.transport = transport
    }

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
