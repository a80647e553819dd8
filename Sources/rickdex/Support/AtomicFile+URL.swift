import FoundationEssentials
import LoupeToolbox

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
