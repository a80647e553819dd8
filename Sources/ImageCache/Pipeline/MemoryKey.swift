import FoundationEssentials

/// The memory tier's key: a thumbnail's typed key (hashing a URL and a circle is far cheaper
/// than formatting the processor's parameters, and a list asks it dozens of times a frame), or a
/// request's source and processor identifiers.
enum MemoryKey: Sendable, Hashable {
    case thumbnail(ThumbnailKey)
    case request(source: String, processors: String)
}
