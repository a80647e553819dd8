import BlockArt
import FoundationEssentials
import SystemPackage
import LoupeToolbox

/// An image named on the command line: a file, or standard input as `-`, read with a cap on its
/// size, as chafa and timg take their inputs: a regular file over the cap is refused by its size
/// alone, a pipe or a device read up to the cap and refused past it. A refusal names the input once.
struct ImageInput {
    /// A real avatar is at most 135 KB, a large photo a few MB.
    static let defaultCap = ByteSize(bytes: 64 << 20)

    let argument: String

    /// The name in messages and output files: `stdin` for standard input.
    var name: String { argument == "-" ? "stdin" : argument }

    /// The name under the image in a grid: the file's own name, without its folders.
    var label: String { argument == "-" ? name : URL(fileURLWithPath: name).lastPathComponent }

    /// The message for `error` while reading or drawing this input, naming it once, sanitized.
    func message(for error: any Error) -> String {
        TerminalText.sanitize(error is LocalFileError ? "\(error)" : "\(name): \(error)")
    }

    /// The whole input, at most `cap` bytes. Throws `LocalFileError` naming it.
    func bytes(cap: ByteSize) throws(LocalFileError) -> [UInt8] {
        let descriptor: FileDescriptor
        if argument == "-" {
            descriptor = .standardInput
        } else {
            do {
                descriptor = try FileSystem.openForReading(argument)
            } catch {
                throw LocalFileError(path: name, reason: Errno.describe(error).lowercased())
            }
        }
        defer { if argument != "-" { try? descriptor.close() } }
        do {
            switch try FileSystem.kind(of: descriptor) {
            case .folder:
                throw LocalFileError(path: name, reason: "is a folder, not an image")
            case .regular(let size) where size > cap.bytes:
                throw LocalFileError(path: name, reason: tooLarge("is \(ByteSize.format(size))", cap))
            case .regular, .stream:
                break
            }
            let bytes = try read(descriptor, cap: cap)
            guard !bytes.isEmpty else { throw LocalFileError(path: name, reason: "is empty") }
            return bytes
        } catch let error as LocalFileError {
            throw error
        } catch {
            throw LocalFileError(path: name, reason: Errno.describe(error).lowercased())
        }
    }

    /// Reads to the end, refusing at one byte past `cap`.
    private func read(_ descriptor: FileDescriptor, cap: ByteSize) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try descriptor.read(into: $0) }
            if count == 0 { return bytes }
            guard Int64(bytes.count + count) <= cap.bytes else {
                throw LocalFileError(path: name, reason: tooLarge("goes on past \(ByteSize.format(cap.bytes))", cap))
            }
            bytes += buffer.prefix(count)
        }
    }

    private func tooLarge(_ what: String, _ cap: ByteSize) -> String {
        "\(what), over the \(ByteSize.format(cap.bytes)) cap for one image (--max-size raises it)"
    }
}
