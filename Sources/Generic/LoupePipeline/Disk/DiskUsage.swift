/// What a cache root holds now, from a scan of its files.
public struct DiskUsage: Sendable, Hashable, Codable {
    public struct Kind: Sendable, Hashable, Codable {
        public var entries = 0
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
    /// Entries by the group `usage(group:)` named.
    public var groups: [String: Int] = [:]
    /// Entry files not readable as entries, left for `verify`.
    public var unreadable = 0
    /// Temporary files: writes in flight, or left by processes killed mid-write.
    public var temporaryFiles = 0
    /// Links, folders, FIFOs, devices in the entry tree: never followed or read.
    public var strays = 0
    /// What the size record said before this walk; `nil` when it was missing or damaged.
    public var recorded: EntryTotals?

    public init() {}
}

/// What the size record holds, and what `clear` removed.
public struct EntryTotals: Sendable, Hashable, Codable {
    public var entries: Int
    public var bytes: Int64

    public init(entries: Int, bytes: Int64) {
        self.entries = entries
        self.bytes = bytes
    }
}

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

public struct VerifyReport: Sendable, Hashable, Codable {
    public var checked = 0
    public var valid = 0
    /// Corrupt entries and strays this call removed, and what was wrong.
    public var removed: [Problem] = []
    /// Found wrong and not removed (no permission, a read-only disk).
    public var notRemoved: [Problem] = []
    public var validBytes: Int64 = 0
    /// The size record against the walk: right, wrong (repaired), or missing or damaged (rebuilt).
    public var record: RecordCheck = .matched

    public enum RecordCheck: String, Sendable, Hashable, Codable {
        case matched, repaired, rebuilt
    }

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
    public var bytesEvicted: Int64 = 0
    /// Trims that listed a few shards, not the tree (`DiskCache.trimAfterWrite`).
    public var sampledTrims = 0
    /// Walks of the whole tree that set the size record; ordinary reads and writes make none.
    public var recordWalks = 0

    public init() {}
}
