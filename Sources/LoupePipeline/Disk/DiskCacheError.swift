import SystemPackage

/// A disk-tier operation that failed, naming the path and the system's reason (`ENOSPC`,
/// `EROFS`, `EACCES`…), kept as its `Errno`.
public enum DiskCacheError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The cache folder cannot be made or is not a folder.
    case unusable(path: String, cause: Errno)
    /// Asked to tend a cache, and the folder holds other files but no cache (no `CACHEDIR.TAG`, no
    /// entry tree): nothing is made or removed in it.
    case notACache(path: String)
    /// An entry could not be written (a full or read-only disk, no permission).
    case writeFailed(path: String, cause: Errno)

    public var description: String {
        switch self {
        case .unusable(let path, let cause):
            "cannot use the cache folder \(path) (\(cause))"
        case .notACache(let path):
            "\(path) is not a cache folder: it holds other files, and no cache"
        case .writeFailed(let path, let cause):
            "cannot write to the cache at \(path) (\(cause))"
        }
    }
}
