import FoundationEssentials
import SystemPackage
import Toolbox

/// Checks an output folder before any work, making nothing: the folder is one, or can be made
/// (its nearest existing parent is a writable folder), and takes files. The folder itself is
/// made with the first file written, so a refused or empty run leaves no folder behind.
enum OutputFolder {
    static func check(_ folder: URL) throws {
        var path = folder.standardizedFileURL.path
        var missing = false
        while !FileSystem.exists(path) {
            missing = true
            let parent = FileSystem.folder(of: path)
            guard parent != path else { break }
            path = parent
        }
        guard FileSystem.isFolder(path) else {
            let what = missing ? "\(path) is a file, so the folder cannot be made" : "it is a file, not a folder"
            throw LocalFileError(path: folder.path, reason: what)
        }
        guard FileSystem.isWritable(path) else {
            throw LocalFileError(path: folder.path, reason: missing ? "\(path) is not writable" : "the folder is not writable")
        }
    }
}
