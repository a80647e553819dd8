/// What `DiskCache.prune(now:)` removed.
package struct PruneReport: Sendable, Hashable, Codable {
    package var expired = 0
    package var evicted = 0
    package var temporaryFiles = 0
    package var corrupt = 0
    package var bytesFreed: Int64 = 0
    package var bytesLeft: Int64 = 0

    package init() {}
}
