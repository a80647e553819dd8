import RickAndMortyAPI

/// What the network answered for an image request.
public enum Download: Sendable, Hashable {
    /// A whole body (200), with the validators to revalidate it later and what its headers say
    /// about caching it.
    case body([UInt8], contentType: String?, etag: String?, lastModified: String?, directives: CacheDirectives)
    /// The server confirmed the copy named by the validators sent (304), with the 304's directives.
    case notModified(CacheDirectives)
}
