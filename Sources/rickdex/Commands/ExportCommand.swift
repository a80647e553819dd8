import ArgumentParser
import AvatarCache
import BlockArt
import ContactSheet
import Foundation
import Imaging
import RickAndMortyAPI

/// `rickdex export [filters | --all | --ids 1,2,5] --out DIR [--original] [--sizes 64,256] …`
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the avatars of a search (or all, or some ids) to a folder, with a manifest.",
        discussion: """
            Files are named by zero-padded id and a slug of the name: 0001-rick-sanchez-256.png for a
            thumbnail, 0002-morty-smith.png for an original whose bytes are PNG (originals are named by
            their real format, never by the URL). manifest.json (and/or .csv) lists who each file is,
            with its size, pixels and SHA-256. A re-run skips files already there and unchanged.
            Everything goes through the cache, so a warmed cache exports --offline. Files appear
            whole or not at all. Exit code 4 when some characters failed (each is reported).
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case png, jpeg
    }

    enum ManifestChoice: String, ExpressibleByArgument, CaseIterable {
        case json, csv, both, none
    }

    @OptionGroup var filters: CharacterFilterOptions

    @Flag(help: "Every character.")
    var all = false

    @Option(help: ArgumentHelp("Character ids, comma-separated.", valueName: "1,2,5"))
    var ids: String?

    @Option(name: [.short, .customLong("out")], help: "The folder to write into (made if missing).")
    var out: String

    @Flag(help: "Also write each avatar's bytes as served.")
    var original = false

    @Option(help: ArgumentHelp("Thumbnail sizes in pixels (default 256 unless --original alone).", valueName: "px,px"))
    var sizes: String?

    @Option(help: "png (circular, transparent corners) or jpeg (square, through libjpeg).")
    var format: Format = .png

    @Option(help: "JPEG quality, 1...100.")
    var quality = 90

    @Flag(help: "Ring each circular thumbnail in its status colour.")
    var ring = false

    @Flag(help: "Also write sheet.png, a contact sheet of the exported characters.")
    var sheet = false

    @Option(help: "json, csv, both or none.")
    var manifest: ManifestChoice = .json

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        let query = filters.query(page: 1)
        let ways = [all, ids != nil, !query.filters.isEmpty].filter { $0 }.count
        guard ways == 1 else { throw ValidationError("say what to export: search filters, --all or --ids (one of them)") }
        _ = try idList()
        _ = try thumbnailSizes()
        guard (1...100).contains(quality) else { throw ValidationError("--quality must be 1...100") }
    }

    func run() async throws {
        let folder = URL(fileURLWithPath: out, isDirectory: true)
        // Before any work: the folder exists or can be made, and takes a file.
        try OutputFolder.prepare(folder)
        let wanted = try thumbnailSizes()
        let previous = Self.previousManifest(in: folder)
        var summary = ExportSummary()
        var extras: [String] = []
        try await APIConnection.with(global) { connection in
            let characters = try await characters(connection.client)
            let plan = ExportPlan(
                folder: folder, original: original, sizes: wanted, format: format == .png ? .png : .jpeg,
                quality: quality, ring: ring, previous: previous,
                digits: max(4, String(characters.map(\.id).max() ?? 0).count))
            summary.characters = characters.count
            let progress = ProgressBar(label: "exporting", total: characters.count)
            let images = connection.images
            var entries: [Int: ExportManifest.Character] = [:]
            try await withThrowingTaskGroup(of: ExportPlan.Outcome.self) { group in
                var next = 0
                func launch() {
                    let character = characters[next]
                    group.addTask {
                        defer { progress.advance() }
                        return try await plan.export(character, images: images)
                    }
                    next += 1
                }
                // Twice the cores: one waits on the cache or network while another encodes.
                for _ in 0..<min(2 * BoundedWork.defaultWidth, characters.count) { launch() }
                while let outcome = try await group.next() {
                    switch outcome {
                    case .done(let entry, let written, let skipped):
                        entries[entry.id] = entry
                        summary.written += written
                        summary.skipped += skipped
                    case .failed(let message):
                        summary.failures.append(message)
                    }
                    if next < characters.count { launch() }
                }
            }
            progress.finish()
            var manifest = ExportManifest(characters: characters.compactMap { entries[$0.id] }, sheet: nil)
            if sheet {
                let file = folder.appendingPathComponent("sheet.png")
                try await writeSheet(characters, images: images, to: file)
                manifest.sheet = file.lastPathComponent
                extras.append(file.lastPathComponent)
            }
            extras += try write(manifest, to: folder)
        }
        for failure in summary.failures { FileHandle.standardError.write(Data("rickdex: \(failure)\n".utf8)) }
        print(summary.render(folder: folder.path, extras: extras))
        if !summary.failures.isEmpty {
            throw PartialFailure(failed: summary.failures.count, total: summary.characters)
        }
    }

    private func characters(_ client: any RickAndMortyClient) async throws -> [RMCharacter] {
        if all { return try await client.allPages(CharacterQuery()).flatMap(\.items) }
        if let list = try idList() { return try await client.characters(ids: list) }
        return try await client.allPages(filters.query(page: 1)).flatMap(\.items)
    }

    private func writeSheet(_ characters: [RMCharacter], images: ImagePipeline, to file: URL) async throws {
        let thumbnails = await BoundedWork.map(characters) { character -> Bitmap? in
            let circle = ImageProcessors.Circle(size: 64, ring: StatusColours.ring(for: character.status))
            return try? await images.thumbnail(for: character.imageURL, circle: circle).bitmap
        }
        let entries = zip(characters, thumbnails).map { SheetEntry.make($0, thumbnail: $1, full: false) }
        let sheet = ContactSheet(
            columns: min(10, max(1, entries.count)), thumbnailSize: 64, theme: .light, title: "Rickdex",
            subtitle: "\(entries.count) characters")
        try AtomicFile.write(try PNGEncoder(singleFilter: true).encode(sheet.render(entries)), to: file)
    }

    /// Writes the manifests asked for; their names.
    private func write(_ manifest: ExportManifest, to folder: URL) throws -> [String] {
        var names: [String] = []
        if self.manifest == .json || self.manifest == .both {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try AtomicFile.write(Array(try encoder.encode(manifest)) + [0x0A], to: folder.appendingPathComponent("manifest.json"))
            names.append("manifest.json")
        }
        if self.manifest == .csv || self.manifest == .both {
            try AtomicFile.write(Array(manifest.csv().utf8), to: folder.appendingPathComponent("manifest.csv"))
            names.append("manifest.csv")
        }
        return names
    }

    private static func previousManifest(in folder: URL) -> ExportManifest? {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("manifest.json").path) else {
            return nil
        }
        return try? JSONDecoder().decode(ExportManifest.self, from: data)
    }

    private func idList() throws -> [Int]? {
        guard let ids else { return nil }
        return try IntegerList.parse(
            ids, range: 1...Int.max, sorted: false, message: "--ids takes ids of 1 or more, comma-separated, e.g. 1,2,5")
    }

    private func thumbnailSizes() throws -> [Int] {
        guard let sizes else { return original ? [] : [256] }
        return try IntegerList.parse(
            sizes, range: 8...2048, sorted: true, message: "--sizes takes sizes of 8...2048 px, comma-separated, e.g. 64,256")
    }
}
