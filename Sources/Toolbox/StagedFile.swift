/// A file written whole under a temporary name, waiting to be renamed into place
/// (`AtomicFile.stage`). Until `commit()`, readers of the destination see the old file or none.
public struct StagedFile: Sendable {
    /// Where the bytes are now.
    public let temporaryPath: String
    /// Where `commit()` puts them.
    public let destination: String

    /// Renames the file over the destination (atomic on one file system). On failure the
    /// temporary file stays, so a caller may make the destination's folder and commit again;
    /// `discard()` removes it.
    public func commit() throws(SystemError) {
        try Syscalls.rename(temporaryPath, to: destination)
    }

    /// Renames the file into place only when the destination is absent: `true` when it did, so
    /// the destination is new; `false` (the temporary file still staged) when something is
    /// there, or when the system cannot tell, for the caller to look and `commit()`.
    public func commitUnlessPresent() throws(SystemError) -> Bool {
        try Syscalls.renameUnlessPresent(temporaryPath, to: destination)
    }

    /// Removes the temporary file.
    public func discard() {
        Syscalls.unlink(temporaryPath)
    }
}
