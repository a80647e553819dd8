/// Where an image came from on one request.
public enum ImageSource: String, Sendable, Hashable, Codable {
    case memory
    /// The disk tier, fresh (or any age, offline).
    case disk
    /// A stale disk copy the server confirmed unchanged (304).
    case revalidated
    /// Downloaded now.
    case network
    /// A stale disk copy, used because the network failed while revalidating it.
    case staleAfterError
    /// A `file://` URL, read by the pipeline itself (no loader, no data cache).
    case file
}
