/// What a cache root holds now, from a scan of its files.
public struct DiskUsage: Sendable, Hashable, Codable {
    /// One kind of entry (originals, processed images, or a kind of the caller's): how many, and their size.
    public struct Kind: Sendable, Hashable, Codable {
        public var entries = 0
        /// Their files' total size, in bytes.
        public var bytes: Int64 = 0
        /// Within the lifetime the server gave (`Cache-Control`, `Expires`).
        public var fresh = 0
        /// Past their expiry: used offline, revalidated online.
        public var stale = 0
        /// Within a lifetime the server did not give (the cache's default applies).
        public var unknown = 0

        public init() {}
    }

    public var entries = 0
    public var bytes: Int64 = 0
    public var byKind: [EntryKind: Kind] = [:]
    /// Entries by the group `usage(group:)` named for their keys.
    public var groups: [String: Int] = [:]
    /// Entry files that could not be read as entries (left for `verify` to remove).
    public var unreadable = 0
    /// Leftover temporary files (from processes that were killed mid-write).
    public var temporaryFiles = 0
    /// What the size record said before this walk; `nil` when it was missing or damaged.
    public var recorded: EntryTotals?

    public init() {}
}
