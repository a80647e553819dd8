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
