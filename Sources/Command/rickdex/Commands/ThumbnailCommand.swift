import ArgumentParser
import FoundationEssentials
import LoupePipeline
import LoupeImaging
import LoupeToolbox
import TerminalKit
import UseCases

/// `rickdex thumbnail FILE... --size 64 [--ring] --out DIR`
struct ThumbnailCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbnail",
        abstract: "Make circular PNG thumbnails of local JPEG or PNG files.",
        discussion: """
            The format is found from the bytes, not the name (the service's avatars are often PNG \
            named .jpeg). Each output is DIR/NAME-SIZE.png, so sizes sit side by side; - (or a pipe, \
            with no file named) reads one image from standard input, written as stdin-SIZE.png. Two \
            inputs that would write one file (a/1.jpeg and b/1.jpeg) are refused before anything is \
            written. A file that fails is reported and the rest go on; the exit code is then 4, or 1 \
            when every file failed.
            """ + Examples.help("thumbnail")
    )

    @Argument(help: "JPEG or PNG files; - for standard input.")
    var files: [String] = []

    @Option(help: "The largest image read, e.g. 64MB (the default) or 1GB; a larger one is refused unread.")
    var maxSize = ImageInput.defaultCap

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
        if files.isEmpty, TerminalDevice.standardInput.isTerminal {
            throw ValidationError("give image files, or - (or a pipe) for standard input")
        }
        if let compression, !(0...9).contains(compression) { throw ValidationError("--compression must be 0...9") }
    }

    func run() async throws {
        let folder = URL(fileURLWithPath: out, isDirectory: true)
        // A file named twice (`a.jpeg ./a.jpeg` too) is made once, as `cp a a dir` copies it once.
        var given = Set<String>()
        let inputs = (files.isEmpty ? ["-"] : files).filter { file in
            given.insert(file == "-" ? file : URL(fileURLWithPath: file).standardizedFileURL.path).inserted
        }.map(ImageInput.init)
        let names = inputs.map { URL(fileURLWithPath: $0.name).deletingPathExtension().lastPathComponent + "-\(size).png" }
        if let clash = OutputClash.first(in: names, from: inputs.map(\.name)) { throw clash }
        try OutputFolder.check(folder)
        let thumbnailer = Thumbnailer(
            circle: ImageProcessors.CircleThumbnail(size: size, ring: ring ? StatusColors.unknown : nil),
            scaling: fast ? .fast : .quality)
        let encoder = compression.map { PNGEncoder(compressionLevel: $0) } ?? .fastest
        let cap = maxSize
        let failures = await BoundedWork.map(Array(zip(inputs, names)), .compute) { input, name -> String? in
            do {
                let png = try encoder.encode(try thumbnailer.thumbnail(try input.bytes(cap: cap)))
                try AtomicFile.write(png, to: folder.appendingPathComponent(name))
                return nil
            } catch {
                return input.message(for: error)
            }
        }.compactMap { $0 }
        try PartialFailure.report(failures, of: inputs.count)
    }
}
