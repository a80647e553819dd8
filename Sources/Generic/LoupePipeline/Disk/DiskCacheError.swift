import FoundationEssentials
import SystemPackage

/// A disk-tier operation that failed, naming the cache's folder and the system's reason (`ENOSPC`,
/// `EROFS`, `EACCES`…), kept as its `Errno`.
public enum DiskCacheError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The cache folder cannot be made or is not a folder.
    case unusable(folder: URL, cause: Errno)
    /// Asked to tend a cache, and the folder holds other files but no cache (no `CACHEDIR.TAG` of
    /// this cache's; a `v2/` folder is no proof): nothing is made or removed in it.
    case notACache(folder: URL)
    /// The cache could not be changed: an entry written, or removed by `clear` or `prune` (a full
    /// or read-only disk, no permission). `folder` is the folder that refused.
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
