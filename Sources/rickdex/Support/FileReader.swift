import FoundationEssentials

/// Reads local files with errors that name the file.
enum FileReader {
    static func bytes(of file: URL) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw LocalFileError(
                path: file.path, reason: FileManager.default.fileExists(atPath: file.path) ? "cannot read it" : "no such file")
        }
        return Array(data)
    }
}
