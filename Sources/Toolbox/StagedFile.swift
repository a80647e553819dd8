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

    /// Removes the temporary file.
    public func discard() {
        Syscalls.unlink(temporaryPath)
    }
}
