/// What the network answered for an image request.
public enum Download: Sendable, Hashable {
    /// A whole body (200), with the validators to revalidate it later.
    case body([UInt8], contentType: String?, etag: String?, lastModified: String?)
    /// The server confirmed the copy named by the validators sent (304).
    case notModified
}
