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
    /// Entries by the group `usage(group:)` named for their keys and kinds.
    public var groups: [String: Int] = [:]
    /// Entry files that could not be read as entries (left for `verify` to remove).
    public var unreadable = 0
    /// Temporary files: writes in flight, or left by processes killed mid-write.
    public var temporaryFiles = 0
    /// What in the entry tree is no entry file: links, folders, FIFOs, devices. Never followed or
    /// read; `verify`, `prune` and `clear` remove them as themselves.
    public var strays = 0
    /// What the size record said before this walk; `nil` when it was missing or damaged.
    public var recorded: EntryTotals?

    public init() {}
}

/// How many entries, and their files' total size: what the size record holds, and what `clear`
/// removed.
public struct EntryTotals: Sendable, Hashable, Codable {
    public var entries: Int
    /// In bytes.
    public var bytes: Int64

    public init(entries: Int, bytes: Int64) {
        self.entries = entries
        self.bytes = bytes
    }
}

/// What `DiskCache.prune(now:)` removed.
public struct PruneReport: Sendable, Hashable, Codable {
    public var expired = 0
    public var evicted = 0
    public var temporaryFiles = 0
    public var corrupt = 0
    /// Links, folders, FIFOs and devices in the entry tree, removed as themselves.
    public var strays = 0
    public var bytesFreed: Int64 = 0
    public var bytesLeft: Int64 = 0

    public init() {}
}

/// What `DiskCache.verify()` found.
public struct VerifyReport: Sendable, Hashable, Codable {
    public var checked = 0
    public var valid = 0
    /// Corrupt entries and strays (links, folders, FIFOs, devices), removed: the file name (a
    /// hash) and what was wrong. Only what this call removed.
    public var removed: [Problem] = []
    /// What was found wrong and could not be removed (no permission, a read-only disk).
    public var notRemoved: [Problem] = []
    /// The bytes of the valid entries.
    public var validBytes: Int64 = 0
    /// What the size record said against the walk: right, wrong (now repaired), or missing or
    /// damaged (now rebuilt).
    public var record: RecordCheck = .matched

    /// How the size record compared with the files.
    public enum RecordCheck: String, Sendable, Hashable, Codable {
        case matched, repaired, rebuilt
    }

    /// One removed entry and why.
    public struct Problem: Sendable, Hashable, Codable {
        public var file: String
        public var corruption: EntryCorruption
    }

    public init() {}
}

/// What the disk tier did in this process.
public struct DiskStatistics: Sendable, Hashable, Codable {
    public var hits = 0
    public var misses = 0
    /// Entries found corrupt on read or by `verify`, and removed.
    public var corruptRemoved = 0
    public var writes = 0
    public var bytesWritten: Int64 = 0
    public var bytesRead: Int64 = 0
    public var writeFailures = 0
    /// Entries removed to keep under the size limit.
    public var evictions = 0
    /// Their files' total size, in bytes.
    public var bytesEvicted: Int64 = 0
    /// Trims after a write in a cache too large to list whole: each listed a few shards, not the
    /// tree (see `DiskCache.trimAfterWrite`).
    public var sampledTrims = 0
    /// Walks of the whole tree that set the size record: a trim, `verify`, `usage()`, or a
    /// record found missing or damaged. Ordinary reads and writes make none.
    public var recordWalks = 0

    public init() {}
}
