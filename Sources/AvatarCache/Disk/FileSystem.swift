import FoundationEssentials
import SystemPackage
import Toolbox

/// The few file calls the disk tier needs, through swift-system, without Foundation's overhead
/// per file.
enum FileSystem {
    struct Info {
        var size: Int64
        /// Last modification, which the cache sets on every read: its own access clock.
        var modified: Double
    }

    /// The whole file, or `nil` when it does not exist or cannot be read. A file last touched
    /// more than `touchAfter` seconds ago has its modification time set to now.
    static func read(_ path: String, touchAfter: Double) -> [UInt8]? {
        guard let file = try? FileDescriptor.open(FilePath(path), .readOnly, options: .closeOnExec) else { return nil }
        defer { try? file.close() }
        guard let status = try? file.stat() else { return nil }
        let bytes = read(file, upTo: Int(status.size))
        let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
        if Date().timeIntervalSince1970 - modified > touchAfter {
            // Best effort: a read-only cache still reads.
            try? Syscalls.touch(file)
        }
        return bytes
    }

    /// At most the first `count` bytes of a file, or `nil` when it cannot be read.
    static func readPrefix(_ path: String, count: Int) -> [UInt8]? {
        guard let file = try? FileDescriptor.open(FilePath(path), .readOnly, options: .closeOnExec) else { return nil }
        defer { try? file.close() }
        return read(file, upTo: count)
    }

    /// Up to `count` bytes from an open file (fewer at its end, or where a read fails).
    private static func read(_ file: FileDescriptor, upTo count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
            filled = 0
            while filled < count {
                let rest = UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[filled...]))
                guard let got = try? file.read(into: rest), got > 0 else { break }
                filled += got
            }
        }
    }

    /// Makes a folder and its parents; an existing folder is fine.
    static func makeFolder(_ path: String) throws(SystemError) {
        do {
            try Syscalls.makeFolder(path)
        } catch let error where error.code == Errno.noSuchFileOrDirectory.rawValue {
            let parent = FilePath.folder(of: path)
            guard parent != path, parent != "." else { throw error }
            try makeFolder(parent)
            try Syscalls.makeFolder(path)
        }
    }

    /// The names in a folder (no `.` or `..`); empty when it cannot be read.
    static func list(_ path: String) -> [String] {
        Syscalls.list(path)
    }

    static func info(_ path: String) -> Info? {
        guard let status = try? FilePath(path).stat() else { return nil }
        return Info(
            size: status.size, modified: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
    }

    /// Removes a file; a file already gone is fine.
    @discardableResult
    static func remove(_ path: String) -> Bool {
        Syscalls.unlink(path)
    }
}
