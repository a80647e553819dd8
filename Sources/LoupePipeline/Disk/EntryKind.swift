/// What a disk entry holds; each kind has its own lifetime.
public enum EntryKind: String, Sendable, Hashable, CaseIterable, Codable, CodingKeyRepresentable {
    /// An API answer (JSON).
    case response
    /// An image's bytes exactly as served.
    case original
    /// A processed image (a thumbnail) as PNG; written `variant`, as entries have always been.
    case processed = "variant"
}
