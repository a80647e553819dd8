import SystemPackage

import Glibc

extension FileSystem {
    /// The whole file, or `nil` when it does not exist or cannot be read.
    package static func read(_ path: String) -> [UInt8]? {
        try? contents(of: path)
    }

    /// The whole file. Throws the system's reason it cannot be read (`ENOENT`, `EACCES`, `EISDIR`…).
    package static func contents(of path: String) throws(Errno) -> [UInt8] {
        let file = try openForReading(path)
        defer { try? file.close() }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let got: Int
            do {
                got = try buffer.withUnsafeMutableBytes { try file.read(into: $0, retryOnInterrupt: true) }
            } catch {
                throw Errno(error)
            }
            guard got > 0 else { return bytes }
            bytes += buffer.prefix(got)
        }
    }

    /// A terminal device (`/dev/tty`) opened to read and write, never made the controlling terminal.
    package static func openDevice(_ path: String) throws(Errno) -> FileDescriptor {
        do {
            return try FileDescriptor.open(
                FilePath(path), .readWrite, options: [FileDescriptor.OpenOptions(rawValue: O_NOCTTY), .closeOnExec])
        } catch {
            throw Errno(error)
        }
    }

    /// `path` opened to read (closed on exec).
    package static func openForReading(_ path: String) throws(Errno) -> FileDescriptor {
        do {
            return try FileDescriptor.open(FilePath(path), .readOnly, options: .closeOnExec)
        } catch {
            throw Errno(error)
        }
    }

    /// Whether something is at `path`.
    package static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Whether this process may read `path`.
    package static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }

    /// Whether this process may write in or to `path`.
    package static func isWritable(_ path: String) -> Bool { access(path, W_OK) == 0 }

    /// Why the folder `path` could not be made now (`EROFS`, `EACCES`, `ENOTDIR`), making
    /// nothing; `nil` when it exists or its nearest existing parent is writable.
    package static func reasonFolderCannotBeMade(_ path: String) -> Errno? {
        var current = path
        while !exists(current) {
            let parent = folder(of: current)
            guard parent != current else { return nil }
            current = parent
        }
        guard isFolder(current) else { return .notDirectory }
        if current == path { return nil }
        return access(current, W_OK) == 0 ? nil : Errno.current
    }

    /// Whether `path` is a folder (following links).
    package static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return system_stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// `stat(2)`, which Swift would otherwise take for the type of the same name.
    private static func system_stat(_ path: String, _ status: inout stat) -> Int32 { stat(path, &status) }

    /// The process's working folder.
    package static var currentFolder: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// This user's home folder from the user database, for when `HOME` is not set.
    package static var homeFolder: String? {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
        return String(cString: directory)
    }
}
