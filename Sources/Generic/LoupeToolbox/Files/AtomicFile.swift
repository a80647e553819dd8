import Synchronization
import SystemPackage

import Glibc

/// Writes files so that no reader ever sees one half-written: into a temporary file, then renamed
/// over the final name. The one writer every module uses. Thread-safe.
///
/// It does not `fsync`: that guards against power loss at the cost of a disk flush per file (most
/// of a thumbnail run's time); a killed process is safe without it, as the rename comes last.
package enum AtomicFile {
    /// Writes `bytes` to `destination`, which is afterwards the old file or the whole new one.
    /// With `makingFolders`, a missing folder is made first: it appears with its first file.
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

    /// Writes `bytes` under a temporary name, for a caller that renames it (`commit()`) itself.
    package static func stage(_ bytes: [UInt8], for destination: String) throws(Errno) -> StagedFile {
        try stage([bytes], for: destination)
    }

    /// Writes `parts` one after another as one file (a header and a body, not joined first) under
    /// a hidden temporary name beside `destination` (`.name.<pid>.<n>.tmp`), with `permissions`.
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

/// A file written whole under a temporary name (`AtomicFile.stage`), waiting to be renamed into place.
package struct StagedFile: Sendable {
    package let temporaryPath: String
    package let destination: String

    /// Renames the file over the destination. On failure the temporary file stays, for a caller
    /// to make the folder and commit again, or `discard()`.
    package func commit() throws(Errno) {
        try FileSystem.rename(temporaryPath, to: destination)
    }

    /// Renames the file into place only when the destination is absent; `false` (still staged)
    /// when something is there or the system cannot tell (`FileSystem.renameUnlessPresent`).
    package func commitUnlessPresent() throws(Errno) -> Bool {
        try FileSystem.renameUnlessPresent(temporaryPath, to: destination)
    }

    package func discard() {
        FileSystem.remove(temporaryPath)
    }
}
