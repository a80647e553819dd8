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
            var summary = try await warm(connection, sizes: wanted)
            summary.sizes = wanted
            let elapsed = ContinuousClock.now - started
            summary.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let footprint = connection.disk.footprint()
            summary.cacheEntries = footprint.entries
            summary.cacheBytes = footprint.bytes
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

    /// Pages and avatars at once: the first page says how many characters there are, the other
    /// pages are fetched 8 at a time, and each character's avatar work starts as its page arrives.
    private func warm(_ connection: APIConnection, sizes: [Int]) async throws -> WarmSummary {
        let client = connection.client
        let images = connection.images
        let query = filters.query(page: 1)
        let first = try await client.characters(query)
        let progress = ProgressBar(label: "warming", total: first.count)
        let processedBefore = images.statistics.processed

        let (characters, found) = AsyncStream.makeStream(of: RMCharacter.self)
        for character in first.items { found.yield(character) }
        let all = self.all
        // A page that fails (after retries) is reported and the others go on: warm what can be.
        async let otherPages: (fetched: Int, failed: [String]) = {
            defer { found.finish() }
            var fetched = 0
            var failed: [String] = []
            func tally<Item>(_ kind: String, _ number: Int, _ outcome: Result<Page<Item>, any Error>) -> Page<Item>? {
                switch outcome {
                case .success(let page):
                    fetched += 1
                    return page
                case .failure(let error):
                    failed.append("\(kind) page \(number): \(error)")
                    return nil
                }
            }
            if first.hasNext {
                _ = await client.pages(query, numbers: Array(2...first.pages)) { number, outcome in
                    for character in tally("character", number, outcome)?.items ?? [] { found.yield(character) }
                }
            }
            if all {
                let outcome: Result<Page<Episode>, any Error>
                do { outcome = .success(try await client.episodes(EpisodeQuery())) } catch { outcome = .failure(error) }
                if let episodes = tally("episode", 1, outcome), episodes.hasNext {
                    _ = await client.pages(EpisodeQuery(), numbers: Array(2...episodes.pages)) { number, outcome in
                        _ = tally("episode", number, outcome)
                    }
                }
            }
            return (fetched, failed)
        }()

        var outcomes: [(RMCharacter, Result<ImageSource, any Error>)] = []
        await withTaskGroup(of: (RMCharacter, Result<ImageSource, any Error>).self) { group in
            var running = 0
            for await character in characters {
                if running >= 16, let done = await group.next() {
                    outcomes.append(done)
                    running -= 1
                }
                group.addTask {
                    defer { progress.advance() }
                    do {
                        let original = try await images.original(for: character.imageURL)
                        for size in sizes {
                            let circle = ImageProcessors.Circle(size: size, ring: StatusColours.ring(for: character.status))
                            _ = try await images.thumbnail(for: character.imageURL, circle: circle)
                        }
                        return (character, .success(original.source))
                    } catch {
                        return (character, .failure(error))
                    }
                }
                running += 1
            }
            for await done in group { outcomes.append(done) }
        }
        // A search with no match is a 404, which is nothing to store: no page.
        let (otherFetched, failedPages) = await otherPages
        let pageCount = otherFetched + failedPages.count + (first.pages == 0 ? 0 : 1)
        progress.finish()
        for failure in failedPages { FileHandle.standardError.write(Data("rickdex: \(TerminalText.sanitize(failure))\n".utf8)) }

        var summary = WarmSummary()
        summary.pages.total = pageCount
        let responses = connection.responses.statistics
        summary.pages.fetched = responses.stored
        summary.pages.revalidated = responses.renewed
        // A page that could not be written (a full disk) is a failure: warming is for caching.
        summary.pages.failed = responses.unstored + failedPages.count
        summary.failedPages = failedPages
        summary.pages.cached = pageCount - responses.stored - responses.renewed - responses.unstored
        summary.avatars.total = outcomes.count
        summary.thumbnailsWanted = outcomes.count * sizes.count
        summary.thumbnailsMade = images.statistics.processed - processedBefore
        for (character, outcome) in outcomes.sorted(by: { $0.0.id < $1.0.id }) {
            switch outcome {
            case .success(.network): summary.avatars.fetched += 1
            case .success(.revalidated): summary.avatars.revalidated += 1
            case .success(.disk), .success(.memory): summary.avatars.cached += 1
            case .success(.staleAfterError):
                summary.avatars.failed += 1
                summary.failedAvatars.append(character.id)
                report(character, "could not revalidate; the stale copy was kept")
            case .failure(let error):
                summary.avatars.failed += 1
                summary.failedAvatars.append(character.id)
                report(character, "\(error)")
            }
        }
        summary.statistics = images.statistics
        return summary
    }

    private func report(_ character: RMCharacter, _ message: String) {
        FileHandle.standardError.write(
            Data(
                "rickdex: avatar of \(character.id) (\(TerminalText.sanitize(character.name))): \(TerminalText.sanitize(message))\n"
                    .utf8))
    }

    private func thumbnailSizes() throws -> [Int] {
        if noThumbnails { return [] }
        return try IntegerList.parse(
            sizes, range: 8...512, sorted: true,
            message: "--sizes takes diameters of 8...512 px, comma-separated, e.g. 32,64,128")
    }
}
