import ArgumentParser
import BlockArt
import ContactSheet
import FoundationEssentials
import ImageCache
import Imaging
import RickAndMortyAPI
import Toolbox
import UseCases

/// `rickdex sheet [filters | --all] -o sheet.png [--columns N] [--size PX] [--theme T] [--detail D]`
struct SheetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheet",
        abstract: "Make a PNG contact sheet of a search's characters: round avatars with their details.",
        discussion: """
            Avatars come through the cache from the API (or, with --data, straight from a dataset \
            folder's files); thumbnails made once are kept, so a second sheet is quick and works --offline. \
            An avatar that cannot be had is drawn as a plain disc and reported; the exit code is then 4.
            """
    )

    enum Detail: String, ExpressibleByArgument, CaseIterable {
        case short, full
    }

    @OptionGroup var filters: CharacterFilterOptions

    @Flag(help: "Every page of the results (the default is the first page).")
    var all = false

    @Option(help: "The page to show.")
    var page = 1

    @Option(name: [.short, .customLong("output")], help: "The PNG file to write.")
    var output: String

    @Option(help: "Avatars a row.")
    var columns = 10

    @Option(help: "Avatar diameter in pixels.")
    var size = 64

    @Option(help: "light or dark.")
    var theme: Theme = .light

    @Option(help: "short (name, status, species) or full (adds gender, origin, location, episodes).")
    var detail: Detail = .short

    @Option(help: "Read a dataset folder directly instead of the API (every match, no network).")
    var data: String?

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard (8...512).contains(size) else { throw ValidationError("--size must be 8...512") }
        guard (1...200).contains(columns) else { throw ValidationError("--columns must be 1...200") }
        guard page >= 1 else { throw ValidationError("--page must be 1 or more") }
    }

    func run() async throws {
        let destination = URL(fileURLWithPath: output)
        try OutputFolder.prepare(destination.deletingLastPathComponent())
        let query = filters.query(page: page)
        let source = try await characters(query)
        let described = query.filterItems.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: " · ")
        let count = source.characters.count
        let layout = ContactSheet(
            columns: columns, thumbnailSize: size, theme: theme, title: "Rickdex",
            subtitle: "\(count) characters" + (described.isEmpty ? "" : " · " + described))
        let drawn: CharacterSheet.Drawn
        do {
            drawn = try await CharacterSheet(layout: layout, full: detail == .full).draw(
                source.characters, thumbnails: source.thumbnails)
            await source.connection?.close()
        } catch {
            await source.connection?.close()
            throw error
        }
        for failure in drawn.failures {
            let character = failure.character
            StandardStreams.error(
                "rickdex: avatar of \(character.id) (\(TerminalText.sanitize(character.name))): \(failure.error)\n")
        }
        try AtomicFile.write(drawn.png, to: destination)
        StandardStreams.error("wrote \(destination.path) (\(count) characters, \(drawn.png.count / 1024) KiB)\n")
        if !drawn.failures.isEmpty {
            throw PartialFailure(failed: drawn.failures.count, total: count)
        }
    }

    /// The characters to draw and how to get each one's avatar bytes.
    private func characters(_ query: CharacterQuery) async throws -> SheetSource {
        if let data {
            return try SheetSource.dataset(URL(fileURLWithPath: data, isDirectory: true), query: query, size: size)
        }
        let connection = try await APIConnection.open(global)
        let client = connection.client
        let images = connection.images
        let variant = AvatarVariant.sheetCell.sized(.pixels(size))
        do {
            let characters = all ? try await client.allPages(query).flatMap(\.items) : try await client.characters(query).items
            return SheetSource(
                characters: characters, connection: connection,
                thumbnails: AvatarThumbnails(images: images, variant: variant, pixelsPerColumn: 1))
        } catch {
            await connection.close()
            throw error
        }
    }
}

extension Theme: ExpressibleByArgument {}
