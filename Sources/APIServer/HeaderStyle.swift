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
