import FoundationEssentials
import SystemPackage

/// A disk-tier operation that failed, naming the cache's folder and the system's reason (`ENOSPC`,
/// `EROFS`, `EACCES`…), kept as its `Errno`.
public enum DiskCacheError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The cache folder cannot be made or is not a folder.
    case unusable(folder: URL, cause: Errno)
    /// The folder holds other files but no `CACHEDIR.TAG` of this cache's: nothing is made or removed.
    case notACache(folder: URL)
    /// An entry could not be written or removed (a full or read-only disk, no permission).
    case writeFailed(folder: URL, cause: Errno)

    public var description: String {
        switch self {
        case .unusable(let folder, let cause):
            "cannot use the cache folder \(folder.path) (\(cause))"
        case .notACache(let folder):
            "\(folder.path) is not a cache folder: it holds other files, and no cache"
        case .writeFailed(let folder, let cause):
            "cannot write to the cache at \(folder.path) (\(cause))"
        }
    }
}
