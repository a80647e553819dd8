/// Why an entry file is not a valid entry.
public enum EntryCorruption: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    case badHeader
    case wrongLength(expected: UInt64, actual: UInt64)
    case checksumMismatch
    case badMetadata
    /// The metadata names another key than the one the file name is the hash of.
    case wrongKey

    public var description: String {
        switch self {
        case .badHeader: "not a cache entry (bad header)"
        case .wrongLength(let expected, let actual): "\(actual) bytes where the header promises \(expected) (cut short)"
        case .checksumMismatch: "checksum mismatch (damaged bytes)"
        case .badMetadata: "unreadable metadata"
        case .wrongKey: "stored under the wrong name"
        }
    }
}
