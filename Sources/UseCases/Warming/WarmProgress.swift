import RickAndMortyAPI

/// How far a `CacheWarmer` run is: avatars done of those known so far (the total grows as pages
/// arrive), as a value handed to the caller's progress handler.
package struct WarmProgress: Sendable, Hashable {
    package var avatarsDone: Int
    /// Characters the listing has announced (the first page's count).
    package var avatarsTotal: Int
}
