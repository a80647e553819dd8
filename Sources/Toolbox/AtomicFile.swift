import Synchronization

#if canImport(Glibc)
    import Glibc
    private let posixWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let posixWrite = Darwin.write
#endif

/// Writes files so that no reader ever sees one half-written: into a temporary file, then renamed
/// over the final name. The one writer every module uses (the disk cache, export, sheets,
/// thumbnails).
///
/// It does not `fsync`: that guards against power loss at the cost of a disk flush per file (most
/// of a thumbnail run's time), while a killed process is safe without it, since the rename
/// happens only after every byte is written. Thread-safe; temporary names are unique among every
/// process sharing a folder.
public enum AtomicFile {
    /// Writes `bytes` to `destination`, which is afterwards absent, the old file, or the whole new
    /// one. The temporary file goes in `temporaryFolder` (on the same file system), by default
    /// beside the destination as a hidden file. Throws the system's reason.
    public static func write(_ bytes: [UInt8], to destination: String, temporaryFolder: String? = nil)
        throws(SystemError)
    {
        let name = destination.split(separator: "/").last.map(String.init) ?? "file"
        let folder = temporaryFolder ?? parent(of: destination)
        let temporary = "\(folder)/.\(name).\(processID).\(counter.add(1, ordering: .relaxed).newValue).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw SystemError.current() }
        var written = 0
        var failure: SystemError?
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            while written < buffer.count {
                let count = posixWrite(descriptor, base + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = SystemError.current()
                    return
                }
                written += count
            }
        }
        if close(descriptor) != 0, failure == nil { failure = SystemError.current() }
        if let failure {
            unlink(temporary)
            throw failure
        }
        guard rename(temporary, destination) == 0 else {
            let error = SystemError.current()
            unlink(temporary)
            throw error
        }
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static let processID = getpid()
    private static let counter = Atomic<Int>(0)
}
