import LoupeHTTP

/// What the network answered for an image request.
public enum Download: Sendable, Hashable {
    /// A whole body (200), with the validators to revalidate it later and what its headers say
    /// about caching it.
    case body([UInt8], contentType: String?, etag: String?, lastModified: String?, directives: CacheDirectives)
    /// The server confirmed the copy named by the validators sent (304), with the 304's directives.
    case notModified(CacheDirectives)
}

extension Download {
    /// The same answer, its directives accepting the copy for at least `minimum`
    /// (`CacheDirectives.acceptingStale(for:)`).
    func acceptingStale(for minimum: Duration) -> Download {
        switch self {
        case .body(let bytes, let contentType, let etag, let lastModified, let directives):
            .body(
                bytes, contentType: contentType, etag: etag, lastModified: lastModified,
                directives: directives.acceptingStale(for: minimum))
        case .notModified(let directives):
            .notModified(directives.acceptingStale(for: minimum))
        }
    }
}
