import ArgumentParser
import BlockArt
import ContactSheet
import FoundationEssentials
import LoupePipeline
import LoupeImaging
import RickAndMortyAPI
import LoupeToolbox
import UseCases

/// `rickdex export [filters | --all | --ids 1-20,42] --out DIR [--original] [--sizes 64,256] …`
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the avatars of a search (or all, or some ids) to a folder, with a manifest.",
        discussion: """
            Files are named by zero-padded id and a slug of the name: 0001-rick-sanchez-256.png for a \
            thumbnail, 0002-morty-smith.png for an original whose bytes are PNG (originals are named by \
            their real format, never by the URL); --name changes that. manifest.json (and/or .csv) \
            lists who each file is, with its size, pixels and SHA-256; --html adds index.html, a page \
            to open in a browser. A re-run skips files already there and unchanged. Everything goes \
            through the cache, so a warmed cache exports --offline. Files appear whole or not at all. \
            Export writes only files it owns, those its manifest.json in the folder lists: a file of \
            yours at a name it would write (a manifest.json or index.html of your own, a PNG of one \
            name) stops it before anything is written, every such file named, exit code 1; --force \
            replaces them. An export into a folder that holds an earlier one adds to it: the \
            manifest and the page list the characters of both, and a character exported again \
            replaces its own files. --dry-run lists what would be written and skipped, with sizes, \
            writing and downloading nothing (and stops on files in the way as a run would). Exit \
            code 4 when some characters failed (each is reported).
            """ + Examples.help("export")
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

    @Option(help: ArgumentHelp("Character ids and ranges of them, comma-separated.", valueName: "1-20,42"))
    var ids: String?

    @Option(name: [.short, .customLong("out")], help: "The folder to write into (made with the first file written).")
    var out: String

    @Flag(help: "Also write each avatar's bytes as served.")
    var original = false

    @Option(help: ArgumentHelp("Thumbnail sizes in pixels (default 256 unless --original alone).", valueName: "px,px"))
    var sizes: String?

    @Option(help: "png (circular, transparent corners) or jpeg (square, through libjpeg).")
    var format: Format = .png

    @Option(help: "JPEG quality, 1...100.")
    var quality = 90

    @Flag(
        help: ArgumentHelp(
            "PNG thumbnails in full RGBA, never with a palette.",
            discussion: """
                By default a PNG thumbnail takes a palette of 256 colors when that keeps it alike (SSIM 0.99 or \
                more against the RGBA one, over black and over white): a third of the bytes.
                """))
    var lossless = false

    @Flag(help: "Ring each circular thumbnail in its status color.")
    var ring = false

    @Flag(help: "Also write sheet.png, a contact sheet of the exported characters.")
    var sheet = false

    @Option(help: "json, csv, both or none.")
    var manifest: ManifestChoice = .json

    @Flag(help: "Also write index.html, a page of the exported characters to open in a browser (works offline).")
    var html = false

    @Option(
        help: ArgumentHelp(
            "How files are named.",
            discussion: """
                Fields: {id} (zero-padded), {name}, {status}, {species}, {type}, {gender}, {origin}, {location} \
                (slugged), {size} (pixels, or 'original') and {ext}. The extension ends every name: {ext} may stand \
                only at the end, after a dot, and .EXT is added without it; without {size}, a thumbnail takes -SIZE \
                before the extension. Two characters given one name are refused before anything is written.
                """,
            valueName: "template"))
    var name = "{id}-{name}"

    @Flag(help: "List what would be written and skipped, with sizes; write and download nothing.")
    var dryRun = false

    @Flag(help: "Replace files in the folder that export did not write (yours), instead of stopping.")
    var force = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        let query = filters.query(page: 1)
        let ways = [all, ids != nil, !query.filters.isEmpty].filter { $0 }.count
        guard ways == 1 else { throw ValidationError("say what to export: search filters, --all or --ids (one of them)") }
        _ = try idList()
        _ = try thumbnailSizes()
        do {
            _ = try FileNameTemplate(parsing: name)
        } catch {
            throw ValidationError(error.description)
        }
        guard (1...100).contains(quality) else { throw ValidationError("--quality must be 1...100") }
    }

    func run() async throws {
        let folder = URL(fileURLWithPath: out, isDirectory: true)
        // Before any work: the folder exists or can be made, and takes a file.
        if !dryRun { try OutputFolder.check(folder) }
        let existing = ExportFolder.read(folder)
        let plan = CharacterExporter(
            folder: folder, original: original, sizes: try thumbnailSizes(), format: format == .png ? .png : .jpeg,
            quality: quality, ring: ring, existing: existing, digits: 4, lossless: lossless,
            naming: try FileNameTemplate(parsing: name), dryRun: dryRun, force: force)
        let extras = extraFiles(existing)
        let selection: Exporter.Selection =
            if all { .all } else if let list = try idList() { .ids(list) } else { .search(filters.query(page: 1)) }
        let report = try await APIAccess.with(global) { api in
            let bar = ProgressBar(label: "exporting", total: 0)
            var exporter = Exporter(client: api.client, images: api.images, plan: plan)
            exporter.apiHost = api.apiHost
            exporter.plan.root = api.jsonRoot
            exporter.deadline = api.deadline
            exporter.extras = extras
            if case .search(let query) = selection { try await api.requireMatches(query) }
            var report = try await exporter.run(selection) { bar.show($0) }
            bar.finish()
            if dryRun { return report }
            if extras.contains(Self.sheetName) {
                let file = folder.appendingPathComponent(Self.sheetName)
                try await writeSheet(report.exported, images: api.images, to: file)
                report.manifest.sheet = file.lastPathComponent
            }
            // The folder's record: what this run wrote, added to what earlier runs did.
            report.manifest.extras = extras.filter { $0 == Self.csvName || $0 == Self.pageName }
            let folderManifest = (existing.manifest ?? ExportManifest(characters: []))
                .merged(with: report.manifest, present: existing.present)
            _ = try Exporter.write(
                folderManifest, json: extras.contains(ExportFolder.manifestName), csv: extras.contains(Self.csvName),
                to: folder)
            if extras.contains(Self.pageName) {
                try AtomicFile.write(
                    GalleryPage(manifest: folderManifest).render(), to: folder.appendingPathComponent(Self.pageName))
            }
            return report
        }
        if dryRun {
            print(DryRunListing(files: report.files, extras: extras).render(folder: folder.path))
        }
        let stop = report.stop.map {
            StopLine(stop: $0, timeout: global.timeout, count: report.characters, noun: "character")
        }
        FailureLines.write(report.failures, stop: stop)
        if !dryRun {
            print(
                ExportSummary(
                    characters: report.characters, written: report.written, skipped: report.skipped,
                    failedPages: report.failedPages, unknown: report.unknownIDs.count, stop: report.stop
                ).render(folder: folder.path, extras: extras))
        }
        if report.stop != nil { throw QuietExit(code: ExitStatus.partial.rawValue) }
        if report.failed > 0 {
            if !report.unknownIDs.isEmpty {
                StandardStreams.error("rickdex: \(TerminalText.sanitize(UnknownIDs(ids: report.unknownIDs).description))\n")
            }
            throw PartialFailure(failed: report.failed, total: report.characters.asked + report.failedPages)
        }
        if !report.unknownIDs.isEmpty { throw UnknownIDs(ids: report.unknownIDs) }
    }

    static let sheetName = "sheet.png"
    static let csvName = "manifest.csv"
    static let pageName = "index.html"

    /// What a run writes besides the avatars, in this order (a dry run lists the same): what the
    /// options ask for, and the manifests and page an earlier export left in the folder, brought
    /// up to date (they describe the whole folder, which this run adds to).
    private func extraFiles(_ existing: ExportFolder) -> [String] {
        let json = manifest == .json || manifest == .both, csv = manifest == .csv || manifest == .both
        return [
            (Self.sheetName, sheet), (ExportFolder.manifestName, json || existing.ownsExtra(ExportFolder.manifestName)),
            (Self.csvName, csv || existing.ownsExtra(Self.csvName)), (Self.pageName, html || existing.ownsExtra(Self.pageName)),
        ].filter(\.1).map(\.0)
    }

    private func writeSheet(_ characters: [RMCharacter], images: ImagePipeline, to file: URL) async throws {
        let layout = SheetLayout(
            columns: min(10, max(1, characters.count)), thumbnailSize: 64, theme: .light, title: "Rickdex",
            subtitle: Plural.count(characters.count, "character"))
        // A failed avatar is the export's own failure, already reported; the sheet draws a disc.
        let drawn = try await CharacterSheet(layout: layout).draw(
            characters, thumbnails: AvatarThumbnails(images: images, variant: .sheetCell, pixelsPerColumn: 1))
        try AtomicFile.write(drawn.bytes, to: file)
    }

    private func idList() throws -> [Int]? {
        guard let ids else { return nil }
        return try IntegerList.parse(
            ids, range: 1...Int.max, sorted: false, ranges: true,
            message: "--ids takes ids of 1 or more and ranges of them, comma-separated, e.g. 1-20,42")
    }

    private func thumbnailSizes() throws -> [Int] {
        guard let sizes else { return original ? [] : [256] }
        return try IntegerList.parse(
            sizes, range: 8...2048, sorted: true, message: "--sizes takes sizes of 8...2048 px, comma-separated, e.g. 64,256")
    }
}

/// What `rickdex export` did, as its closing line: the characters done of those asked, failed
/// and not started (adding up to those asked), and the files.
struct ExportSummary {
    var characters = BatchCount()
    var written = 0
    var skipped = 0
    /// Listing pages that could not be had (their characters are not started).
    var failedPages = 0
    var unknown = 0  // ids that name no character
    var stop: BatchStop?

    func render(folder: String, extras: [String]) -> String {
        let (done, asked) = (characters.done, characters.asked)
        let exported = done == asked ? Plural.count(done, "character") : "\(done) of \(Plural.count(asked, "character"))"
        var text =
            "exported \(exported) to \(folder): "
            + "\(Plural.count(written, "file")) written, \(skipped) already there and unchanged, \(characters.failed) failed"
        if characters.notStarted > 0 || stop != nil {
            // That it stopped; why is the stop line's, on stderr, said once.
            text += ", \(characters.notStarted) not started" + (stop == nil ? "" : " (stopped)")
        }
        if unknown > 0 { text += ", \(Plural.count(unknown, "id")) unknown" }
        if failedPages > 0 { text += ", \(Plural.count(failedPages, "listing page")) failed" }
        if !extras.isEmpty { text += "\n  also: " + extras.joined(separator: ", ") }
        return text
    }
}

/// What `rickdex export --dry-run` prints: a line per file (`write` or `skip`, its size, its
/// name), then the totals. A file made from an avatar that is not cached has no size yet (`?`).
struct DryRunListing {
    var files: [ExportFile]
    /// The manifest, page and sheet a real run would write too.
    var extras: [String]

    func render(folder: String) -> String {
        var lines = files.map { file in
            let size = file.bytes.map { ByteSize.format(Int64($0)) } ?? "?"
            return "\(file.written ? "write" : "skip ") \(String(repeating: " ", count: max(0, 9 - size.count)))\(size)  \(file.name)"
        }
        let writes = files.filter(\.written)
        let known = writes.compactMap(\.bytes).reduce(0, +)
        let unknown = writes.count { $0.bytes == nil }
        var total =
            "dry run: would write \(Plural.count(writes.count, "file")) (\(ByteSize.format(Int64(known)))"
            + (unknown > 0 ? " and \(unknown) of a size not known: their avatars are not cached" : "") + ") to \(folder), skip "
            + "\(files.count - writes.count) already there and unchanged; nothing was written or downloaded"
        if !extras.isEmpty { total += "\n  also: " + extras.joined(separator: ", ") }
        lines.append(total)
        return lines.joined(separator: "\n")
    }
}
