import FoundationEssentials
import SystemPackage
import Toolbox

/// Checks an output folder before any work: it exists or can be made, and it is writable.
enum OutputFolder {
    static func prepare(_ folder: URL) throws {
        do {
            try FileSystem.makeFolder(folder.path)
        } catch {
            throw LocalFileError(
                path: folder.path, reason: "cannot create the folder (\(Errno.describe(error)))")
        }
        guard FileSystem.isWritable(folder.path) else {
            throw LocalFileError(path: folder.path, reason: "the folder is not writable")
        }
    }
}
