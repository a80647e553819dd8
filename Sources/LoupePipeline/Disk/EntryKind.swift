/// What a disk entry holds, by the caller's name for it: the pipeline writes `original` and
/// `processed`, and another user of the same disk tier names kinds of its own (its lifetimes are
/// `DiskCacheConfiguration.lifetimes`, its counts `usage()`'s).
public struct EntryKind: RawRepresentable, Sendable, Hashable, Codable, CodingKeyRepresentable, CustomStringConvertible {
    /// The name written in each entry's header: letters, digits and dashes.
    public let rawValue: String

    /// `variant`, the name entries of processed images had before, reads as `processed`.
    public init(rawValue: String) {
        self.rawValue = rawValue == "variant" ? "processed" : rawValue
    }

    /// An image's bytes exactly as served.
    public static let original = EntryKind(rawValue: "original")
    /// A processed image, encoded.
    public static let processed = EntryKind(rawValue: "processed")

    public var description: String { rawValue }
}
