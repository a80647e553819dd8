import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few file-system calls swift-system (`SystemPackage`) does not wrap (rename, unlink, mkdir,
/// futimens, readdir, flock), in one place, as
/// swift-system keeps its own in `Internals/Syscalls.swift`. Everything else goes through
/// `FileDescriptor` and `FilePath`.
public enum Syscalls {
    /// Renames `source` over `destination` (atomic on one file system).
    public static func rename(_ source: String, to destination: String) throws(SystemError) {
        guard system_rename(source, destination) == 0 else { throw SystemError.current() }
    }

    /// Removes a file; `true` when it is gone (also when it was never there).
    @discardableResult
    public static func unlink(_ path: String) -> Bool {
        system_unlink(path) == 0 || errno == ENOENT
    }

    /// Makes one folder; an existing one is fine. Throws `ENOENT` when its parent is missing.
    public static func makeFolder(
        _ path: String, permissions: FilePermissions = [.ownerReadWriteExecute, .groupReadExecute, .otherReadExecute]
    ) throws(SystemError) {
        guard system_mkdir(path, mode_t(permissions.rawValue)) == 0 || errno == EEXIST else { throw SystemError.current() }
    }

    /// Removes a file; `true` only when this call removed it (`false` when it was already gone or
    /// cannot be removed), so that whoever removes a file can account for it exactly once.
    public static func unlinkExisting(_ path: String) -> Bool {
        system_unlink(path) == 0
    }

    /// Holds an advisory lock on the whole file (`flock`): exclusive, or shared with other
    /// shared holders, across processes; waits for it. Released on `unlock` or when the
    /// descriptor closes.
    public static func lock(_ descriptor: FileDescriptor, exclusive: Bool) throws(SystemError) {
        while flock(descriptor.rawValue, exclusive ? LOCK_EX : LOCK_SH) != 0 {
            guard errno == EINTR else { throw SystemError.current() }
        }
    }

    /// Releases a lock taken with `lock`.
    public static func unlock(_ descriptor: FileDescriptor) {
        _ = flock(descriptor.rawValue, LOCK_UN)
    }

    /// Sets an open file's access and modification times to now.
    public static func touch(_ descriptor: FileDescriptor) throws(SystemError) {
        guard futimens(descriptor.rawValue, nil) == 0 else { throw SystemError.current() }
    }

    /// The names in a folder, without `.` and `..`; empty when it cannot be read.
    public static func list(_ path: String) -> [String] {
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
}

// The C functions under names the `Syscalls` members do not shadow.
private func system_rename(_ source: String, _ destination: String) -> Int32 { rename(source, destination) }
private func system_unlink(_ path: String) -> Int32 { unlink(path) }
private func system_mkdir(_ path: String, _ mode: mode_t) -> Int32 { mkdir(path, mode) }
