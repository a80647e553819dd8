/// What `DiskCache.verify()` found.
public struct VerifyReport: Sendable, Hashable, Codable {
    public var checked = 0
    public var valid = 0
    /// Corrupt entries, removed: the file name (a hash) and what was wrong.
    public var removed: [Problem] = []

    /// One removed entry and why.
    public struct Problem: Sendable, Hashable, Codable {
        public var file: String
        public var reason: String
    }

    public init() {}
}
