import RickAndMortyAPI

/// Where the loopback server listens and how it misbehaves.
package struct APIServerConfiguration: Sendable, Hashable {
    package var host: String
    /// 0 takes a free port.
    package var port: Int
    package var faults: FaultPlan
    /// The root written into every answer's URLs (`--public-url`), or `nil` to follow the
    /// request's `Forwarded`, `X-Forwarded-Host`/`-Proto` and `Host` headers (`PublicRoot`).
    package var publicRoot: APIRoot?
    /// The real origin's caching headers, or a CDN's.
    package var headers: HeaderStyle
    /// `Cache-Control` on JSON answers in place of the style's (none from the origin).
    package var jsonCacheControl: String?
    /// `Cache-Control` on avatars in place of the style's.
    package var avatarCacheControl: String?
    /// The idle and header timeouts and the connections a client may hold.
    package var connections: ConnectionLimits

    package init(
        host: String = "127.0.0.1", port: Int = 0, faults: FaultPlan = .none, publicRoot: APIRoot? = nil,
        headers: HeaderStyle = .origin, jsonCacheControl: String? = nil, avatarCacheControl: String? = nil,
        connections: ConnectionLimits = .standard
    ) {
        self.host = host
        self.port = port
        self.faults = faults
        self.publicRoot = publicRoot
        self.headers = headers
        self.jsonCacheControl = jsonCacheControl
        self.avatarCacheControl = avatarCacheControl
        self.connections = connections
    }
}

/// Which caching headers the server sends: the real origin's, or a CDN's.
package enum HeaderStyle: String, Sendable, Hashable, CaseIterable {
    /// As the real service's own code (Express) answers: avatars with its static defaults
    /// (`Cache-Control: public, max-age=0`, a weak `W/"size-mtime"` ETag, `Last-Modified`,
    /// `Accept-Ranges: bytes`), JSON with a weak ETag and no `Cache-Control`.
    case origin
    /// As a friendly CDN in front of it would: JSON an hour, avatars 30 days, strong ETags.
    case cdn

    /// `Cache-Control` on JSON answers, if any.
    package var jsonCacheControl: String? {
        switch self {
        case .origin: nil
        case .cdn: "public, max-age=3600"
        }
    }

    /// `Cache-Control` on avatars.
    package var avatarCacheControl: String {
        switch self {
        case .origin: "public, max-age=0"
        case .cdn: "public, max-age=2592000"
        }
    }
}
