/// Where the loopback server listens and how it misbehaves.
public struct APIServerConfiguration: Sendable, Hashable {
    public var host: String
    /// 0 takes a free port.
    public var port: Int
    public var faults: FaultPlan
    /// The root written into every answer's URLs (`--public-url`), or `nil` to follow the
    /// request's `Forwarded`, `X-Forwarded-Host`/`-Proto` and `Host` headers (`PublicRoot`).
    public var publicURL: String?
    /// The real origin's caching headers, or a CDN's.
    public var headers: HeaderStyle
    /// `Cache-Control` on JSON answers in place of the style's (none from the origin).
    public var jsonCacheControl: String?
    /// `Cache-Control` on avatars in place of the style's.
    public var avatarCacheControl: String?

    public init(
        host: String = "127.0.0.1", port: Int = 0, faults: FaultPlan = .none, publicURL: String? = nil,
        headers: HeaderStyle = .origin, jsonCacheControl: String? = nil, avatarCacheControl: String? = nil
    ) {
        self.host = host
        self.port = port
        self.faults = faults
        self.publicURL = publicURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        self.headers = headers
        self.jsonCacheControl = jsonCacheControl
        self.avatarCacheControl = avatarCacheControl
    }
}
