import FoundationEssentials

/// Where an image pipeline gets bytes, as Nuke's `DataLoading` (default: `ImageFetcher`). A loader
/// only fetches; the pipeline reads the answer. Identical requests are joined before they get here.
public protocol DataLoading: Sendable {
    /// The answer for `request`; `progress` hears the bytes received so far and the total expected.
    func loadData(
        for request: DataRequest, progress: @escaping @Sendable (_ completed: Int, _ total: Int?) -> Void
    ) async throws -> Download
}

/// A URL and the headers to send: the request's, the delegate's, a cached copy's validators.
public struct DataRequest: Sendable, Hashable {
    public var url: URL
    public var headers: HTTPFields

    public init(url: URL, headers: HTTPFields = [:]) {
        self.url = url
        self.headers = headers
    }
}

/// What a data loader answered: a 200 is the image, a 304 confirms the cached copy, any other
/// status is `ImagePipeline.Error.statusCodeUnacceptable`.
public struct Download: Sendable, Hashable {
    public var body: [UInt8]
    public var status: Int
    /// Content type, validators and caching directives; none: the data cache's own lifetime.
    public var headers: HTTPFields

    public init(body: [UInt8], status: Int = 200, headers: HTTPFields = [:]) {
        self.body = body
        self.status = status
        self.headers = headers
    }
}
