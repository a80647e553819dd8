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
