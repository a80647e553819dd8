import FoundationEssentials

/// Where an image pipeline gets bytes: the seam Nuke calls `DataLoading`. The default is
/// `ImageFetcher` (libcurl through `HTTPTransport`: deadlines, retries, HTTP/2; `file://` URLs
/// the pipeline reads itself); an adopter loads from anywhere else (an object store, a database) by conforming.
///
/// A loader only fetches: the pipeline reads the answer (`Download`'s status and headers), so a
/// loader needs nothing but this module. Conformers are called from many tasks at once, within
/// the pipeline's `dataLoadingLimit`. Identical requests are joined before they get here, so one
/// image is asked for once however many wait on it.
public protocol DataLoading: Sendable {
    /// The answer for `request`. A loader that can tell calls `progress` with the bytes received
    /// so far and the total it expects; the tasks waiting on the load hear it. Throws what kept
    /// it from an answer (`HTTPError` from the default loader, or the loader's own), or
    /// `CancellationError`.
    func loadData(
        for request: DataRequest, progress: @escaping @Sendable (_ completed: Int, _ total: Int?) -> Void
    ) async throws -> Download
}

/// What a data loader is asked for: a URL and the headers to send with it (the request's own,
/// what the delegate's `willLoadData` added, and the validators of a cached copy).
public struct DataRequest: Sendable, Hashable {
    public var url: URL
    public var headers: HTTPFields

    public init(url: URL, headers: HTTPFields = [:]) {
        self.url = url
        self.headers = headers
    }
}

/// What a data loader answered, as it came: the pipeline reads the rest. A 200 is the image (and
/// is kept as its headers' caching directives allow), a 304 to a request with validators
/// confirms the cached copy, and any other status is `ImagePipeline.Error.statusCodeUnacceptable`.
public struct Download: Sendable, Hashable {
    public var body: [UInt8]
    public var status: Int
    /// The answer's headers: `Content-Type`, the validators (`ETag`, `Last-Modified`) and the
    /// caching directives (`Cache-Control`, `Expires`). None: the data cache's own lifetime.
    public var headers: HTTPFields

    public init(body: [UInt8], status: Int = 200, headers: HTTPFields = [:]) {
        self.body = body
        self.status = status
        self.headers = headers
    }
}
