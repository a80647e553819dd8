/// What `DiskCache.verify()` found.
public struct VerifyReport: Sendable, Hashable, Codable {
    public var checked = 0
    public var valid = 0
    /// Corrupt entries, removed: the file name (a hash) and what was wrong.
    public var removed: [Problem] = []
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
