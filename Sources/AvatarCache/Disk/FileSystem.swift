import Foundation
import Toolbox

#if canImport(Glibc)
    import Glibc
#endif

/// The few POSIX calls the disk tier needs, without Foundation's overhead per file.
enum FileSystem {
    struct Info {
        var size: Int64
        /// Last modification, which the cache sets on every read: its own access clock.
        var modified: Double
    }

    /// The whole file, or `nil` when it does not exist or cannot be read. A file last touched
    /// more than `touchAfter` seconds ago has its modification time set to now.
    static func read(_ path: String, touchAfter: Double) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        let bytes = read(descriptor, upTo: Int(status.st_size))
        let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
        if Date().timeIntervalSince1970 - modified > touchAfter {
            // Best effort: a read-only cache still reads.
            _ = futimens(descriptor, nil)
        }
        return bytes
    }

    /// At most the first `count` bytes of a file, or `nil` when it cannot be read.
    static func readPrefix(_ path: String, count: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return read(descriptor, upTo: count)
    }

    /// Up to `count` bytes from an open file (fewer at its end).
    private static func read(_ descriptor: Int32, upTo count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
            filled = 0
            guard let base = buffer.baseAddress else { return }
            while filled < count {
                let got = Glibc.read(descriptor, base + filled, count - filled)
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { break }
                filled += got
            }
        }
    }

    /// Makes a folder and its parents; an existing folder is fine.
    static func makeFolder(_ path: String) throws(SystemError) {
        if mkdir(path, 0o755) == 0 || errno == EEXIST { return }
        if errno == ENOENT {
            let parent = (path as NSString).deletingLastPathComponent
            if !parent.isEmpty, parent != path {
                try makeFolder(parent)
                if mkdir(path, 0o755) == 0 || errno == EEXIST { return }
            }
        }
        throw SystemError.current()
    }

    /// The names in a folder (no `.` or `..`); empty when it cannot be read.
    static func list(_ path: String) -> [String] {
        guard let folder = opendir(path) else { return [] }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    static func info(_ path: String) -> Info? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Info(
            size: Int64(status.st_size), modified: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
    }

    /// Removes a file; a file already gone is fine.
    @discardableResult
    static func remove(_ path: String) -> Bool {
        unlink(path) == 0 || errno == ENOENT
    }
}
