import ArgumentParser
import AvatarCache
import FoundationEssentials
import Imaging
import Toolbox

/// `rickdex thumbnail FILE... --size 64 [--ring] --out DIR`
struct ThumbnailCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbnail",
        abstract: "Make circular PNG thumbnails of local JPEG or PNG files.",
        discussion: """
            The format is found from the bytes, not the name (the service's avatars are often PNG \
            named .jpeg). Each output is DIR/NAME.png. A file that fails is reported and the rest go \
            on; the exit code is then 4.
            """
    )

    @Argument(help: "JPEG or PNG files.")
    var files: [String]

    @Option(help: "Width and height of each thumbnail, in pixels.")
    var size = 64

    @Flag(help: "Draw a ring around the avatar.")
    var ring = false

    @Flag(help: "Decode at the smallest DCT scale that covers the size: faster, a little softer.")
    var fast = false

    @Option(help: "The folder to write into (made if missing).")
    var out: String

    @Option(help: "zlib level 0...9 for smaller files; by default the fastest setting (level 1, one row filter).")
    var compression: Int?

    func validate() throws {
        guard (1...4096).contains(size) else { throw ValidationError("--size must be 1...4096") }
        guard !files.isEmpty else { throw ValidationError("give at least one image file") }
        if let compression, !(0...9).contains(compression) { throw ValidationError("--compression must be 0...9") }
    }

    func run() async throws {
        let folder = URL(fileURLWithPath: out, isDirectory: true)
        try OutputFolder.prepare(folder)
        let thumbnailer = Thumbnailer(
            circle: ImageProcessors.Circle(size: size, ring: ring ? StatusColours.unknown : nil),
            scaling: fast ? .fast : .quality)
        let encoder = compression.map { PNGEncoder(compressionLevel: $0) } ?? .fastest
        let failures = await BoundedWork.map(files, .compute) { path -> String? in
            let source = URL(fileURLWithPath: path)
            do {
                let bytes = try FileReader.bytes(of: source)
                let png = try encoder.encode(try thumbnailer.thumbnail(bytes))
                let name = source.deletingPathExtension().lastPathComponent + ".png"
                try AtomicFile.write(png, to: folder.appendingPathComponent(name))
                return nil
            } catch {
                return "\(path): \(error)"
            }
        }.compactMap { $0 }
        for failure in failures {
            StandardStreams.error("rickdex: \(failure)\n")
        }
        if !failures.isEmpty {
            throw PartialFailure(failed: failures.count, total: files.count)
        }
    }
}
