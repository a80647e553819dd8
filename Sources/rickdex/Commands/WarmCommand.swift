import ArgumentParser
import AvatarCache
import BlockArt
import Foundation
import Imaging
import RickAndMortyAPI

/// `rickdex warm [filters | --all] [--sizes 64] [--no-thumbnails] [--json]`
struct WarmCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "warm",
        abstract: "Fill the cache for offline use: every page of a search, every avatar, and their thumbnails.",
        discussion: """
            With --all, every character page and every episode page are stored too, so --offline
            search filters locally with the API's own rules, and show finds any character.
            A second run fetches only what is missing or stale (a stale entry is revalidated; the
            server's 304 renews it without a download). Exit code 4 when anything failed.
            """
    )

    @OptionGroup var filters: CharacterFilterOptions

    @Flag(help: "The whole character set (and every episode), not a search.")
    var all = false

    @Option(help: ArgumentHelp("Thumbnail diameters to make, comma-separated.", valueName: "px,px"))
    var sizes = "64"

    @Flag(help: "Pages and original avatars only.")
    var noThumbnails = false

    @Flag(help: "Print the summary as JSON.")
    var json = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        let query = filters.query(page: 1)
        if all && !query.filters.isEmpty { throw ValidationError("--all warms everything: give filters or --all, not both") }
        if !all && query.filters.isEmpty {
            throw ValidationError("say what to warm: search filters (e.g. rick --status alive) or --all")
        }
        _ = try thumbnailSizes()
    }

    func run() async throws {
        let started = ContinuousClock.now
        let wanted = try thumbnailSizes()
        let summary = try await APIConnection.with(global) { connection in
            var summary = WarmSummary()
            summary.sizes = wanted
            let characters = try await pages(connection, into: &summary)
            try await avatars(characters, sizes: wanted, connection: connection, into: &summary)
            let elapsed = ContinuousClock.now - started
            summary.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let usage = connection.disk.usage()
            summary.cacheEntries = usage.entries
            summary.cacheBytes = usage.bytes
            summary.cachePath = connection.disk.root.path
            return summary
        }
        if json {
            try JSONOutput.print(summary)
        } else {
            print(summary.render())
        }
        if summary.failed > 0 {
            throw PartialFailure(failed: summary.failed, total: summary.pages.total + summary.avatars.total)
        }
    }

    /// Every page of the query (and, with --all, of the episodes); the characters found.
    private func pages(_ connection: APIConnection, into summary: inout WarmSummary) async throws -> [RMCharacter] {
        let client = connection.client
        var characters: [RMCharacter] = []
        for try await page in client.pages(filters.query(page: 1)) {
            characters += page.items
            summary.pages.total += 1
        }
        if all {
            for try await _ in client.pages(EpisodeQuery()) { summary.pages.total += 1 }
        }
        let responses = connection.responses.statistics
        summary.pages.fetched = responses.stored
        summary.pages.revalidated = responses.renewed
        summary.pages.cached = summary.pages.total - responses.stored - responses.renewed
        return characters
    }

    private func avatars(
        _ characters: [RMCharacter], sizes: [Int], connection: APIConnection, into summary: inout WarmSummary
    ) async throws {
        let images = connection.images
        let progress = ProgressBar(label: "warming", total: characters.count)
        let processedBefore = images.statistics.processed
        let outcomes = await BoundedWork.map(characters, width: 16) { character -> Result<ImageSource, any Error> in
            defer { progress.advance() }
            do {
                let original = try await images.original(for: character.imageURL)
                for size in sizes {
                    let circle = ImageProcessors.Circle(size: size, ring: StatusColours.ring(for: character.status))
                    _ = try await images.thumbnail(for: character.imageURL, circle: circle)
                }
                return .success(original.source)
            } catch {
                return .failure(error)
            }
        }
        progress.finish()
        summary.avatars.total = characters.count
        summary.thumbnailsWanted = characters.count * sizes.count
        summary.thumbnailsMade = images.statistics.processed - processedBefore
        for (character, outcome) in zip(characters, outcomes) {
            switch outcome {
            case .success(.network): summary.avatars.fetched += 1
            case .success(.revalidated): summary.avatars.revalidated += 1
            case .success(.disk), .success(.memory): summary.avatars.cached += 1
            case .success(.staleAfterError):
                summary.avatars.failed += 1
                report(character, "could not revalidate; the stale copy was kept")
            case .failure(let error):
                summary.avatars.failed += 1
                report(character, "\(error)")
            }
        }
    }

    private func report(_ character: RMCharacter, _ message: String) {
        FileHandle.standardError.write(
            Data(
                "rickdex: avatar of \(character.id) (\(TerminalText.sanitize(character.name))): \(TerminalText.sanitize(message))\n"
                    .utf8))
    }

    private func thumbnailSizes() throws -> [Int] {
        if noThumbnails { return [] }
        let parts = sizes.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let values = parts.compactMap { Int($0) }
        guard !values.isEmpty, values.count == parts.count, values.allSatisfy({ (8...512).contains($0) }) else {
            throw ValidationError("--sizes takes diameters of 8...512 px, comma-separated, e.g. 32,64,128")
        }
        return Array(Set(values)).sorted()
    }
}
