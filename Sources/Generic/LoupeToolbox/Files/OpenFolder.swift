import SystemPackage

import Glibc

/// A folder opened once, whose names are looked at, read and removed relative to it (`openat`,
/// `fstatat`, `unlinkat`), never following a link below it nor opening a pipe or device: a walk
/// over a folder others may write stays inside it, as GNU `rm -r` (`FTS_PHYSICAL`) and Go's
/// `os.RemoveAll` (`openat` with `O_NOFOLLOW`) do. Not thread-safe: one walk owns it.
package final class OpenFolder {
    private let descriptor: Int32

    /// Opens the folder at `path`. Links within `path` itself are followed: the caller chose it.
    package convenience init(_ path: String) throws(Errno) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Errno.current }
        self.init(descriptor: descriptor)
    }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// What a name in the folder is, looked at without following a link.
    package enum Kind: Sendable, Hashable {
        case regular, folder, link
        /// A FIFO, a socket or a device: nothing a walk reads.
        case other
    }

    /// A name's kind, size in bytes and last modification (seconds since 1970).
    package struct Item: Sendable, Hashable {
        package var kind: Kind
        package var size: Int64
        package var modified: Double
    }

    /// The names in the folder, without `.` and `..`; empty when it cannot be read.
    package func names() -> [String] {
        // `fdopendir` takes the descriptor it is given: a copy, so this one stays open.
        let copy = dup(descriptor)
        guard copy >= 0 else { return [] }
        guard let stream = fdopendir(copy) else {
            close(copy)
            return []
        }
        defer { closedir(stream) }
        rewinddir(stream)
        return FileSystem.names(in: stream)
    }

    /// What `name` is (a link as a link), or `nil` when nothing is there.
    package func item(_ name: String) -> Item? {
        var status = stat()
        guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        let kind: Kind =
            switch status.st_mode & S_IFMT {
            case S_IFREG: .regular
            case S_IFDIR: .folder
            case S_IFLNK: .link
            default: .other
            }
        return Item(
            kind: kind, size: Int64(status.st_size),
            modified: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
    }

    /// The folder `name` in this one, opened; a link in its place is refused (`ELOOP` or `ENOTDIR`).
    package func folder(_ name: String) throws(Errno) -> OpenFolder {
        let opened = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard opened >= 0 else { throw Errno.current }
        return OpenFolder(descriptor: opened)
    }

    /// Removes `name` (anything but a folder): `true` when this call removed it, `false` when it
    /// was already gone.
    @discardableResult
    package func remove(_ name: String) throws(Errno) -> Bool {
        try unlink(name, flags: 0)
    }

    /// `unlinkat` with `flags`: `false` when `name` was already gone.
    private func unlink(_ name: String, flags: Int32) throws(Errno) -> Bool {
        guard unlinkat(descriptor, name, flags) == 0 else {
            if errno == ENOENT { return false }
            throw Errno.current
        }
        return true
    }

    /// Removes the folder `name` and all it holds, depth first, links as themselves: `true` when
    /// this call removed it, `false` when it was already gone.
    @discardableResult
    package func removeTree(_ name: String) throws(Errno) -> Bool {
        try removeTree(name, depth: 0)
    }

    /// Folders a removal goes down at most: each level holds a descriptor, so a crafted deep
    /// tree would exhaust them. Deeper is `ENAMETOOLONG`.
    private static let deepest = 64

    private func removeTree(_ name: String, depth: Int) throws(Errno) -> Bool {
        guard depth < Self.deepest else { throw Errno.fileNameTooLong }
        let inner: OpenFolder
        do throws(Errno) {
            inner = try folder(name)
        } catch .noSuchFileOrDirectory {
            return false
        }
        for child in inner.names() {
            if inner.item(child)?.kind == .folder {
                _ = try inner.removeTree(child, depth: depth + 1)
            } else {
                try inner.remove(child)
            }
        }
        return try unlink(name, flags: AT_REMOVEDIR)
    }

    /// Removes `name` whatever it is: a folder with all it holds, anything else as itself.
    @discardableResult
    package func removeAny(_ name: String) throws(Errno) -> Bool {
        item(name)?.kind == .folder ? try removeTree(name) : try remove(name)
    }

    /// The regular file `name`, whole when it is at most `limit` bytes; see `FileRead`.
    package func read(_ name: String, atMost limit: Int64, touchAfter: Double = .infinity) -> FileRead {
        FileSystem.readRegular(openat(descriptor, name, FileSystem.readFlags), atMost: limit, touchAfter: touchAfter)
    }

    /// At most the first `count` bytes of the regular file `name`; `nil` for any other.
    package func readPrefix(_ name: String, count: Int) -> [UInt8]? {
        FileSystem.readRegularPrefix(openat(descriptor, name, FileSystem.readFlags), count: count)
    }
}
