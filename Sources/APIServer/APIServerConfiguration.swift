/// Where the loopback server listens and how it misbehaves.
public struct APIServerConfiguration: Sendable, Hashable {
    public var host: String
    /// 0 takes a free port.
    public var port: Int
    public var faults: FaultPlan
    /// The root written into every answer's URLs (`--public-url`), or `nil` to follow the
    /// request's `Forwarded`, `X-Forwarded-Host`/`-Proto` and `Host` headers (`PublicRoot`).
    public var publicURL: String?
    /// `Cache-Control` on JSON answers: an hour, as a CDN in front of the real service would keep
    /// listings that change rarely but do change.
    public var jsonCacheControl: String
    /// `Cache-Control` on avatars: 30 days; they change only when a character's picture does,
    /// and then their ETag tells.
    public var avatarCacheControl: String

    public static let defaultJSONCacheControl = "public, max-age=3600"
    public static let defaultAvatarCacheControl = "public, max-age=2592000"

    public init(
        host: String = "127.0.0.1", port: Int = 0, faults: FaultPlan = .none, publicURL: String? = nil,
        jsonCacheControl: String = Self.defaultJSONCacheControl, avatarCacheControl: String = Self.defaultAvatarCacheControl
    ) {
        self.host = host
        self.port = port
        self.faults = faults
        self.publicURL = publicURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        self.jsonCacheControl = jsonCacheControl
        self.avatarCacheControl = avatarCacheControl
    }
}
