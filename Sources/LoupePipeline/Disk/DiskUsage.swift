/// What a cache root holds now, from a scan of its files.
package struct DiskUsage: Sendable, Hashable, Codable {
    /// One kind of entry (originals, thumbnails or responses): how many, and their size.
    package struct Kind: Sendable, Hashable, Codable {
        package var entries = 0
        /// Their files' total size, in bytes.
        package var bytes: Int64 = 0
        /// Within the lifetime the server gave (`Cache-Control`, `Expires`).
        package var fresh = 0
        /// Past their expiry: used offline, revalidated online.
        package var stale = 0
        /// Within a lifetime the server did not give (the cache's default applies).
        package var unknown = 0

        package init() {}
    }

    package var entries = 0
    package var bytes: Int64 = 0
    package var byKind: [EntryKind: Kind] = [:]
    /// API answers by the name of the API they belong to (`APIIdentity.name`): which APIs an
    /// offline run can answer for.
    package var answersByAPI: [String: Int] = [:]
    /// Entry files that could not be read as entries (left for `verify` to remove).
    package var unreadable = 0
    /// Leftover temporary files (from processes that were killed mid-write).
    package var temporaryFiles = 0
    /// What the size record said before this walk; `nil` when it was missing or damaged.
    package var recorded: EntryTotals?

    package init() {}
}
