import FoundationEssentials
import SystemPackage
import LoupeToolbox

/// Checks an output folder before any work, leaving nothing behind: the folder is one, or can
/// be made (it is made, and what was made removed again), and takes files. The folder itself is
/// made with the first file written, so a refused or empty run leaves no folder behind.
enum OutputFolder {
    static func check(_ folder: URL) throws {
        let path = folder.path
        if FileSystem.exists(path), !FileSystem.isFolder(path) {
            throw LocalFileError(path: path, reason: "it is a file, not a folder")
        }
        var missing: [String] = []
        var current = path
        while !FileSystem.exists(current), FileSystem.folder(of: current) != current {
            missing.append(current)
            current = FileSystem.folder(of: current)
        }
        do {
            try FileSystem.makeFolder(path)
        } catch {
            throw LocalFileError(path: path, reason: "cannot create the folder (\(Errno.describe(error)))")
        }
        defer { for made in missing { FileSystem.removeEmptyFolder(made) } }
        guard FileSystem.isWritable(path) else {
            throw LocalFileError(path: path, reason: "the folder is not writable")
        }
    }
}

extension AtomicFile {
    /// Writes `bytes` to `file` whole or not at all, making its folder if missing (an output
    /// folder appears with its first file); a failure names the file for the user.
    static func write(_ bytes: [UInt8], to file: URL) throws(LocalFileError) {
        do {
            try write(bytes, to: file.path, makingFolders: true)
        } catch {
            throw LocalFileError(path: file.path, reason: "cannot write it (\(error))")
        }
    }
}
