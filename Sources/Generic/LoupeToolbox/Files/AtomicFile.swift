import Synchronization
import SystemPackage

import Glibc

/// Writes files so that no reader ever sees one half-written: into a temporary file, then renamed
/// over the final name. The one writer every module uses (the disk cache, export, sheets,
/// thumbnails).
///
/// It does not `fsync`: that guards against power loss at the cost of a disk flush per file (most
/// of a thumbnail run's time), while a killed process is safe without it, since the rename
/// happens only after every byte is written. Thread-safe; temporary names are unique among every
/// process sharing a folder.
package enum AtomicFile {
    /// Writes `bytes` to `destination`, which is afterwards absent, the old file, or the whole new
    /// one. The temporary file is a hidden one beside the destination (`.name.<pid>.<n>.tmp`), so
    /// the rename stays within one folder. With `makingFolders`, a missing folder (and its
    /// parents) is made first: an output folder appears with its first file, never empty. Throws
    /// the system's reason.
    package static func write(_ bytes: [UInt8], to destination: String, makingFolders: Bool = false) throws(Errno) {
        let staged: StagedFile
        do {
            staged = try stage(bytes, for: destination)
        } catch .noSuchFileOrDirectory where makingFolders {
            try FileSystem.makeFolder(FileSystem.folder(of: destination))
            staged = try stage(bytes, for: destination)
        }
        do {
            try staged.commit()
        } catch {
            staged.discard()
            throw error
        }
    }

    /// Writes `bytes` whole under a temporary name and returns it, not yet in place: for a caller
    /// that must do something at the moment of the rename (under a lock). `commit()` renames it;
    /// a failed commit removes it.
    package static func stage(_ bytes: [UInt8], for destination: String) throws(Errno) -> StagedFile {
        try stage([bytes], for: destination)
    }

    /// Writes `parts` one after another as one file (a header and a body, say, without joining
    /// them first) under a temporary name, as `stage(_:for:)` does, with `permissions` (a private
    /// cache's entries are its user's alone).
    package static func stage(
        _ parts: [[UInt8]], for destination: String,
        permissions: FilePermissions = [.ownerReadWrite, .groupRead, .otherRead]
    ) throws(Errno) -> StagedFile {
        let name = destination.split(separator: "/").last.map(String.init) ?? "file"
        let folder = FileSystem.folder(of: destination)
        let temporary = "\(folder)/.\(name).\(processID).\(counter.add(1, ordering: .relaxed).newValue).tmp"
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(
                FilePath(temporary), .writeOnly, options: [.create, .exclusiveCreate, .closeOnExec],
                permissions: permissions)
        } catch {
            throw Errno(error)
        }
        do {
            // A network file system may report a failed write only when the file closes.
            _ = try file.closeAfter { try withBuffers(parts[...], []) { try FileSystem.writeAll(file, $0) } }
        } catch {
            FileSystem.remove(temporary)
            throw Errno(error)
        }
        return StagedFile(temporaryPath: temporary, destination: destination)
    }

    /// Calls `body` with the storage of every array in `parts`, in order.
    private static func withBuffers(
        _ parts: ArraySlice<[UInt8]>, _ collected: [UnsafeRawBufferPointer],
        _ body: ([UnsafeRawBufferPointer]) throws -> Void
    ) rethrows {
        guard let first = parts.first else { return try body(collected) }
        try first.withUnsafeBytes { try withBuffers(parts.dropFirst(), collected + [$0], body) }
    }

    private static let processID = getpid()
    private static let counter = Atomic<Int>(0)
}

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
