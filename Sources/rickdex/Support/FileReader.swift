import FoundationEssentials
import LoupeToolbox

/// Reads local files with errors that name the file.
enum FileReader {
    static func bytes(of file: URL) throws -> [UInt8] {
        guard let data = FileSystem.read(file.path) else {
            throw LocalFileError(path: file.path, reason: FileSystem.exists(file.path) ? "cannot read it" : "no such file")
        }
        return data
    }
}
