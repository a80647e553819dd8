/// A disk-tier operation that failed, naming the path and the system's reason.
public enum DiskCacheError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The cache folder cannot be made or is not a folder.
    case unusable(path: String, reason: String)
    /// An entry could not be written (a full or read-only disk, no permission).
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .unusable(let path, let reason):
            "cannot use the cache folder \(path) (\(reason))"
        case .writeFailed(let path, let reason):
            "cannot write to the cache at \(path) (\(reason))"
        }
    }
}
