/// Whether a client may use the network.
public enum NetworkAccess: Sendable, Hashable {
    /// Fresh cached responses are used; stale ones revalidated; misses fetched and stored.
    case online
    /// Only the cache answers; a miss is `APIError.notCached`.
    case offline
}
