import SystemPackage

import Glibc

/// What reading a file that others may have put in place found: its bytes, or why not.
package enum FileRead: Sendable, Hashable {
    case contents([UInt8])
    /// Nothing there.
    case missing
    /// A link, a folder, a FIFO, a socket or a device: never read through or waited on.
    case notRegular
    /// A regular file larger than the reader's limit, in bytes: not read.
    case tooLarge(size: Int64)
    /// It could not be opened or read (`EACCES`, `EIO`…).
    case unreadable(Errno)
}

/// Why `FileSystem.regularFile(_:cap:)` read nothing.
package enum RegularFileRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    case system(Errno)
    /// A folder, a FIFO, a socket or a device.
    case notRegular
    case tooLarge(cap: Int)

    package var description: String {
        switch self {
        case .system(let errno): Errno.describe(errno).lowercased()
        case .notRegular: "not a regular file"
        case .tooLarge(let cap): "larger than \(cap) bytes"
        }
    }
}

extension FileSystem {
    /// How an untrusted name is opened to read: no link followed, no wait for a FIFO's writer.
    static let readFlags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC

    /// The regular file at `path`, whole when it is at most `limit` bytes (nothing is allocated
    /// from a larger size); a link, FIFO or device is `.notRegular`. A file last touched more than
    /// `touchAfter` seconds ago has its modification time set to now (best effort).
    package static func readRegularFile(_ path: String, atMost limit: Int64, touchAfter: Double = .infinity) -> FileRead {
        readRegular(open(path, readFlags), atMost: limit, touchAfter: touchAfter)
    }

    /// The regular file at `path` the caller named (a link is followed), at most `cap` bytes: a
    /// folder, FIFO, socket or device is refused unread, as is a file over `cap`.
    package static func regularFile(_ path: String, cap: Int) throws(RegularFileRefusal) -> [UInt8] {
        switch readRegular(open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC), atMost: Int64(cap), touchAfter: .infinity) {
        case .contents(let bytes):
            guard bytes.count <= cap else { throw .tooLarge(cap: cap) }
            return bytes
        case .missing: throw .system(Errno(rawValue: ENOENT))
        case .notRegular: throw .notRegular
        case .tooLarge: throw .tooLarge(cap: cap)
        case .unreadable(let errno): throw .system(errno)
        }
    }

    /// Sets the modification time at `path` (a link's own) to now; whether there was a file.
    package static func touch(_ path: String) -> Bool {
        utimensat(AT_FDCWD, path, nil, AT_SYMLINK_NOFOLLOW) == 0
    }

    /// At most the first `count` bytes of the regular file at `path`; `nil` for any other.
    package static func readRegularPrefix(_ path: String, count: Int) -> [UInt8]? {
        readRegularPrefix(open(path, readFlags), count: count)
    }

    /// `path` opened to read and write (made when missing) only when it is a regular file: a
    /// link (`ELOOP`), FIFO or device (`EINVAL`) another user put there is refused.
    package static func openRegularForUpdate(
        _ path: String, permissions: FilePermissions = [.ownerReadWrite]
    ) throws(Errno) -> FileDescriptor {
        let opened = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, mode_t(permissions.rawValue))
        return try regular(opened)
    }

    /// `path` opened to read only when it is a regular file (no link followed, no FIFO waited on).
    package static func openRegularForReading(_ path: String) throws(Errno) -> FileDescriptor {
        try regular(open(path, readFlags))
    }

    /// The size in bytes of the regular file at `path` (a link not followed); `nil` for any other.
    package static func regularFileSize(_ path: String) -> Int64? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int64(status.st_size)
    }

    /// Whether `path` is a symbolic link (looked at without following it).
    package static func isLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    /// Why this process may not write in `path` (`EACCES`, `EROFS`), judged by `access(2)`.
    package static func writeRefusal(_ path: String) -> Errno? {
        access(path, W_OK) == 0 ? nil : Errno.current
    }

    /// `opened` when it is a regular file; else closed and refused (`EINVAL`).
    private static func regular(_ opened: Int32) throws(Errno) -> FileDescriptor {
        guard opened >= 0 else { throw errno == ELOOP ? Errno(rawValue: ELOOP) : Errno.current }
        var status = stat()
        guard fstat(opened, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(opened)
            throw Errno(rawValue: EINVAL)
        }
        return FileDescriptor(rawValue: opened)
    }

    /// Reads `opened` (an `open` result) as `readRegularFile` does, and closes it.
    static func readRegular(_ opened: Int32, atMost limit: Int64, touchAfter: Double) -> FileRead {
        guard opened >= 0 else {
            switch errno {
            case ENOENT: return .missing
            case ELOOP, ENXIO: return .notRegular
            default: return .unreadable(Errno.current)
            }
        }
        let file = FileDescriptor(rawValue: opened)
        defer { try? file.close() }
        var status = stat()
        guard fstat(opened, &status) == 0 else { return .unreadable(Errno.current) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .notRegular }
        let size = Int64(status.st_size)
        guard size <= limit else { return .tooLarge(size: size) }
        // The size `fstat` gave, and no more: asking for a byte past it would cost every read a
        // second `read` (a sixth of a disk hit here). A file that changed meanwhile is judged by
        // its bytes: an entry's header and checksum do not match a part of one.
        let bytes = read(opened, upTo: Int(size))
        let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        if Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 - modified > touchAfter { try? touch(file) }
        return .contents(bytes)
    }

    /// At most `count` bytes of the regular file `opened` (an `open` result), which it closes.
    static func readRegularPrefix(_ opened: Int32, count: Int) -> [UInt8]? {
        guard opened >= 0 else { return nil }
        defer { close(opened) }
        var status = stat()
        guard fstat(opened, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return read(opened, upTo: max(0, min(count, Int(status.st_size))))
    }

    /// Up to `count` bytes from an open descriptor (fewer at its end, or where a read fails).
    static func read(_ descriptor: Int32, upTo count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
            filled = 0
            while filled < count {
                let got = Glibc.read(descriptor, buffer.baseAddress.map { $0 + filled }, count - filled)
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { break }
                filled += got
            }
        }
    }
}
