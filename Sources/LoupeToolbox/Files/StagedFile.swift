import SystemPackage

/// A file written whole under a temporary name, waiting to be renamed into place
/// (`AtomicFile.stage`). Until `commit()`, readers of the destination see the old file or none.
package struct StagedFile: Sendable {
    /// Where the bytes are now.
    package let temporaryPath: String
    /// Where `commit()` puts them.
    package let destination: String

    /// Renames the file over the destination (atomic on one file system). On failure the
    /// temporary file stays, so a caller may make the destination's folder and commit again;
    /// `discard()` removes it.
    package func commit() throws(Errno) {
        try FileSystem.rename(temporaryPath, to: destination)
    }

    /// Renames the file into place only when the destination is absent: `true` when it did, so
    /// the destination is new; `false` (the temporary file still staged) when something is
    /// there, or when the system cannot tell, for the caller to look and `commit()`.
    package func commitUnlessPresent() throws(Errno) -> Bool {
        try FileSystem.renameUnlessPresent(temporaryPath, to: destination)
    }

    /// Removes the temporary file.
    package func discard() {
        FileSystem.remove(temporaryPath)
    }
}
