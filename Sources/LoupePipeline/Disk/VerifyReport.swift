/// What `DiskCache.verify()` found.
package struct VerifyReport: Sendable, Hashable, Codable {
    package var checked = 0
    package var valid = 0
    /// Corrupt entries, removed: the file name (a hash) and what was wrong.
    package var removed: [Problem] = []
    /// The bytes of the valid entries.
    package var validBytes: Int64 = 0
    /// What the size record said against the walk: right, wrong (now repaired), or missing or
    /// damaged (now rebuilt).
    package var record: RecordCheck = .matched

    /// How the size record compared with the files.
    package enum RecordCheck: String, Sendable, Hashable, Codable {
        case matched, repaired, rebuilt
    }

    /// One removed entry and why.
    package struct Problem: Sendable, Hashable, Codable {
        package var file: String
        package var corruption: EntryCorruption
    }

    package init() {}
}
