import ArgumentParser
import ContactSheet
import FoundationEssentials
import LoupePipeline
import LoupeImaging
import RickAndMortyAPI
import LoupeToolbox
import TerminalKit
import UseCases

/// `rickdex sheet [filters] [--page N] -o sheet.png [--columns N] [--size PX] [--theme T] [--detail D]`
struct SheetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheet",
        abstract: "Make a contact sheet of a search's characters: round avatars with their details.",
        discussion: """
            Every match is drawn; --page N draws one page of 20 and says how many it left out. \
            The format follows -o's extension: .png (or none), .jpg or .jpeg; -o - writes PNG to \
            standard output (not a terminal). Avatars come through the cache from the API (or, with \
            --data, straight from a dataset folder's files); thumbnails made once are kept, so a second \
            sheet is quick and works --offline. An avatar that cannot be had is drawn as a plain disc and \
            reported; the exit code is then 4. A search that matches nothing writes no file: exit 3. \
            A sheet past what its format holds (a JPEG is at most 65,500 px a side, a PNG 1,000,000) \
            or past 1 GiB of pixels is refused before any avatar is fetched (before any request when \
            --columns and --size alone make it so), saying how to stay under: exit 1.
            """ + Examples.help("sheet")
    )

    enum Detail: String, ExpressibleByArgument, CaseIterable {
        case short, full
    }

    @OptionGroup var filters: CharacterFilterOptions

    @Flag(help: ArgumentHelp("Every page of the results (the default).", visibility: .hidden))
    var all = false

    @Option(help: "Draw only this page of the results (20 a page).")
    var page: Int?

    @Option(
        name: [.short, .customLong("output")],
        help: ArgumentHelp("The file to write: .png, .jpg or .jpeg; - for standard output (PNG).", valueName: "file"))
    var output: String

    @Option(help: "Avatars a row.")
    var columns = 10

    @Option(help: "Avatar diameter in pixels.")
    var size = 64

    @Option(help: "light or dark.")
    var theme: SheetTheme = .light

    @Option(help: "short (name, status, species) or full (adds gender, origin, location, episodes).")
    var detail: Detail = .short

    @Option(help: "Read a dataset folder directly instead of the API (every match, no network).")
    var data: String?

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard (8...512).contains(size) else { throw ValidationError("--size must be 8...512") }
        guard (1...200).contains(columns) else { throw ValidationError("--columns must be 1...200") }
        if let page, page < 1 { throw ValidationError("--page takes a page number of 1 or more, e.g. --page 2") }
        if all && page != nil { throw ValidationError("--all and --page cannot be used together") }
        _ = try format()
        if output == "-", TerminalDevice.standardOutput.isTerminal {
            throw ValidationError("-o - writes PNG bytes to standard output, which is a terminal here; pipe it, or give a file")
        }
    }

    /// The format `-o` names by its extension.
    private func format() throws -> ImageFormat {
        let name = output.split(separator: "/").last.map(String.init) ?? output
        let extensionName = name.contains(".") ? String(name.split(separator: ".").last ?? "").lowercased() : ""
        switch extensionName {
        case "", "png": return .png
        case "jpg", "jpeg": return .jpeg
        default:
            throw ValidationError("-o \(output): a sheet is written as .png, .jpg or .jpeg, not .\(extensionName)")
        }
    }

    func run() async throws {
        let destination = output == "-" ? nil : URL(fileURLWithPath: output)
        if let destination { try OutputFolder.check(destination.deletingLastPathComponent()) }
        // One full row (of a page at most, with --page) is known before any request.
        try checkSize(count: page == nil ? columns : min(columns, ResourceListing<RMCharacter>.pageSize))
        let query = filters.query(page: page ?? 1)
        let source = try await characters(query)
        let described = query.filterItems.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: " · ")
        let count = source.characters.count
        guard count > 0 else {
            await source.api?.close()
            throw NotFound(
                what: "characters for the sheet" + (described.isEmpty ? "" : " (\(described))"),
                hint: page.map { "Page \($0) is past the last page of the matches." } ?? "No file was written.")
        }
        let layout = SheetLayout(
            columns: columns, thumbnailSize: size, theme: theme, title: "Rickdex",
            subtitle: Plural.count(source.total, "character") + (described.isEmpty ? "" : " · " + described)
                + (count < source.total ? " · \(count) shown" : ""))
        let drawn: CharacterSheet.Drawn
        do {
            try checkSize(count: count)
            drawn = try await CharacterSheet(layout: layout, full: detail == .full).draw(
                source.characters, thumbnails: source.thumbnails, format: try format())
            await source.api?.close()
        } catch {
            await source.api?.close()
            throw error
        }
        FailureLines.write(drawn.failures)
        if let destination {
            try AtomicFile.write(drawn.bytes, to: destination)
            StandardStreams.error("wrote \(destination.path) (\(Plural.count(count, "character")), \(drawn.bytes.count / 1024) KiB)\n")
        } else {
            StandardStreams.output(drawn.bytes)
        }
        if count < source.total {
            StandardStreams.error(
                "rickdex: drew \(count) of \(source.total) matches (page \(page ?? 1)); leave out --page to draw every one\n")
        }
        if !drawn.failures.isEmpty {
            throw PartialFailure(failed: drawn.failures.count, total: count)
        }
    }

    /// The most a sheet's pixels may take in memory (4 bytes a pixel): 1 GiB, with the avatars
    /// and the encoder's buffers beside it.
    static let maximumBytes: Int64 = 1 << 30

    /// Throws `SheetTooLarge` when the sheet of `count` characters would be past what its format
    /// holds or `maximumBytes`: before any avatar is had, and before any request for one row.
    private func checkSize(count: Int) throws(SheetTooLarge) {
        func sheet(columns: Int) -> CharacterSheet {
            CharacterSheet(layout: SheetLayout(columns: columns, thumbnailSize: size, title: ""), full: detail == .full)
        }
        let (width, height) = sheet(columns: columns).size(count: count)
        let jpeg = (try? format()) == .jpeg
        let side = jpeg ? JPEGEncoder.maximumSide : PNGEncoder.maximumSide
        let bytes = Int64(width) * Int64(height) * 4
        guard width > side || height > side || bytes > Self.maximumBytes else { return }
        // The most columns whose full row fits, for the hint.
        let fitting = (1...columns).last { sheet(columns: $0).size(count: $0).width <= side } ?? 1
        throw SheetTooLarge(
            count: count, width: width, height: height, format: jpeg ? "JPEG" : "PNG", maximumSide: side,
            maximumBytes: Self.maximumBytes, size: size, columns: columns, fittingColumns: fitting)
    }

    /// The characters to draw and how to get each one's avatar bytes.
    private func characters(_ query: CharacterQuery) async throws -> SheetSource {
        if let data {
            return try SheetSource.dataset(URL(fileURLWithPath: data, isDirectory: true), query: query, size: size)
        }
        let api = try await APIAccess.open(global)
        let client = api.client
        let images = api.images
        let variant = AvatarVariant.sheetCell.sized(.pixels(size))
        do {
            let found = try await SearchResult.fetch(query, every: page == nil, from: client, root: api.jsonRoot)
            let characters = found.results
            return SheetSource(
                characters: characters, total: page == nil ? characters.count : found.info.count, api: api,
                thumbnails: AvatarThumbnails(images: images, variant: variant, pixelsPerColumn: 1))
        } catch {
            await api.close()
            throw error
        }
    }
}

extension SheetTheme: ExpressibleByArgument {}
