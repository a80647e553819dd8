import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a file so that no reader ever sees it half-written: into a temporary file in the same
/// folder, then renamed over the final name.
///
/// Unlike `Data.write(options: .atomic)` it does not `fsync` each file: that guards against power
/// loss, costs a disk flush per file (most of a thumbnail run's time), and a killed process is
/// safe without it, since the rename happens only after every byte is written.
enum AtomicFile {
    static func write(_ bytes: [UInt8], to file: URL) throws {
        let folder = file.deletingLastPathComponent().path
        let temporary = "\(folder)/.\(file.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(file, "cannot create a file in \(folder)") }
        var written = 0
        let ok = bytes.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            while written < buffer.count {
                let count = Glibc.write(descriptor, base + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += count
            }
            return true
        }
        let writeError = errno
        guard ok, close(descriptor) == 0 else {
            unlink(temporary)
            throw failure(file, String(cString: strerror(ok ? errno : writeError)))
        }
        guard rename(temporary, file.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw failure(file, reason)
        }
    }

    private static func failure(_ file: URL, _ reason: String) -> LocalFileError {
        LocalFileError(path: file.path, reason: "cannot write it (\(reason))")
    }
}
