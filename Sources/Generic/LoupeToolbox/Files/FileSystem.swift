import SystemPackage

import Glibc

/// The project's one file-system layer: paths as text in and out, the calls swift-system does not
/// wrap (rename, renameat2, writev, unlink, mkdir, futimens, readdir, flock) in one place, as
/// swift-system keeps its own in `Internals/FileSystem.swift`, and the reads the disk cache makes
/// per entry without Foundation's overhead per file.
package enum FileSystem {
    /// Renames `source` over `destination` (atomic on one file system).
    package static func rename(_ source: String, to destination: String) throws(Errno) {
        guard system_rename(source, destination) == 0 else { throw Errno.current }
    }

    /// Renames `source` to `destination` only if nothing is there (`renameat2` with
    /// `RENAME_NOREPLACE`: no race between a `stat` and a `rename`). `false` when `destination`
    /// exists or the C library or file system cannot say (glibc before 2.28, some network file
    /// systems): the caller then looks and renames itself.
    package static func renameUnlessPresent(_ source: String, to destination: String) throws(Errno) -> Bool {
        guard let renameat2 = system_renameat2 else { return false }
        if renameat2(AT_FDCWD, source, AT_FDCWD, destination, 1 /* RENAME_NOREPLACE */) == 0 { return true }
        guard errno == EEXIST || errno == EINVAL || errno == ENOSYS else { throw Errno.current }
        return false
    }

    /// Makes a folder and any missing parents; an existing folder is fine, a file is `EEXIST`.
    package static func makeFolder(
        _ path: String, permissions: FilePermissions = [.ownerReadWriteExecute, .groupReadExecute, .otherReadExecute]
    ) throws(Errno) {
        if system_mkdir(path, mode_t(permissions.rawValue)) == 0 { return }
        if errno == EEXIST {
            guard isFolder(path) else { throw Errno(rawValue: EEXIST) }
            return
        }
        guard errno == ENOENT else { throw Errno.current }
        let parent = folder(of: path)
        guard parent != path, parent != "." else { throw Errno(rawValue: ENOENT) }
        try makeFolder(parent, permissions: permissions)
        guard system_mkdir(path, mode_t(permissions.rawValue)) == 0 || (errno == EEXIST && isFolder(path)) else {
            throw Errno.current
        }
    }

    /// Removes a file; `true` only when this call removed it, so one remover accounts for it.
    @discardableResult
    package static func remove(_ path: String) -> Bool {
        system_unlink(path) == 0
    }

    /// Removes a folder if it is empty; `true` when this call removed it.
    @discardableResult
    package static func removeEmptyFolder(_ path: String) -> Bool {
        rmdir(path) == 0
    }

    /// The folder holding `path`: `/a/b` for `/a/b/c`, `/` for `/c`, `.` for a bare name (text,
    /// without a `FilePath`: the cache's writes ask it per entry).
    package static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// At most the first `count` bytes of a file (a `/proc` file too, whose size reads 0), or
    /// `nil` when it cannot be read.
    package static func readPrefix(_ path: String, count: Int) -> [UInt8]? {
        let opened = open(path, O_RDONLY | O_CLOEXEC)
        guard opened >= 0 else { return nil }
        defer { close(opened) }
        return read(opened, upTo: count)
    }

    /// A file's size and last modification (seconds since 1970), or `nil` when it is not there.
    package static func info(_ path: String) -> (size: Int64, modified: Double)? {
        guard let status = try? FilePath(path).stat() else { return nil }
        return (status.size, Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
    }

    /// Waits for an advisory `flock` on the whole file, exclusive or shared, held until it closes.
    package static func lock(_ descriptor: FileDescriptor, exclusive: Bool) throws(Errno) {
        while flock(descriptor.rawValue, exclusive ? LOCK_EX : LOCK_SH) != 0 {
            guard errno == EINTR else { throw Errno.current }
        }
    }

    /// Writes `buffers` one after another, whole, with `writev` (no copy into one buffer).
    package static func writeAll(_ descriptor: FileDescriptor, _ buffers: [UnsafeRawBufferPointer]) throws(Errno) {
        var pending = buffers.filter { !$0.isEmpty }.map {
            iovec(iov_base: UnsafeMutableRawPointer(mutating: $0.baseAddress), iov_len: $0.count)
        }
        var first = 0
        while first < pending.count {
            let written = pending[first...].withUnsafeBufferPointer {
                // At most 1,024 at a time (Linux's `UIO_MAXIOV`); the loop writes the rest.
                writev(descriptor.rawValue, $0.baseAddress, Int32(min($0.count, 1024)))
            }
            guard written > 0 else {
                if written < 0 && errno == EINTR { continue }
                throw written == 0 ? Errno(rawValue: EIO) : Errno.current
            }
            var left = written
            while first < pending.count, left >= pending[first].iov_len {
                left -= pending[first].iov_len
                first += 1
            }
            if left > 0 {
                pending[first].iov_base += left
                pending[first].iov_len -= left
            }
        }
    }

    /// Sets an open file's access and modification times to now.
    package static func touch(_ descriptor: FileDescriptor) throws(Errno) {
        guard futimens(descriptor.rawValue, nil) == 0 else { throw Errno.current }
    }

    /// Whether `path` is a folder (not a link) of this user's that nobody else may read or write:
    /// a safe place for per-user state in `/tmp`.
    package static func isPrivateFolder(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR && status.st_uid == getuid()
            && status.st_mode & 0o077 == 0
    }

    /// What an open descriptor is: a regular file and its size, a folder, or a pipe or device.
    package enum FileKind: Sendable, Hashable {
        case regular(size: Int64)
        case folder
        case stream
    }

    package static func kind(of descriptor: FileDescriptor) throws(Errno) -> FileKind {
        var status = stat()
        guard fstat(descriptor.rawValue, &status) == 0 else { throw Errno.current }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular(size: Int64(status.st_size))
        case S_IFDIR: return .folder
        default: return .stream
        }
    }

    /// The names in a folder, without `.` and `..`; empty when it cannot be read.
    package static func list(_ path: String) -> [String] {
        guard let folder = opendir(path) else { return [] }
        defer { closedir(folder) }
        return names(in: folder)
    }

    /// The names an open folder stream reads, without `.` and `..`.
    static func names(in folder: OpaquePointer) -> [String] {
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}

// The C functions under names the `FileSystem` members do not shadow.
private func system_rename(_ source: String, _ destination: String) -> Int32 { rename(source, destination) }
private func system_unlink(_ path: String) -> Int32 { unlink(path) }
private func system_mkdir(_ path: String, _ mode: mode_t) -> Int32 { mkdir(path, mode) }

/// glibc's `renameat2` (2.28 and later), which its Swift module does not declare.
private let system_renameat2 = CFunction.load(
    "renameat2", as: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32).self)
