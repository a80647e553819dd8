import ArgumentParser
import FoundationEssentials
import LoupePipeline
import RickAndMortyAPI
import TerminalKit
import TerminalUI
import LoupeToolbox
import UseCases

/// `rickdex warm [filters | --all] [--sizes 64] [--no-thumbnails] [--json]`
struct WarmCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "warm",
        abstract: "Fill the cache for offline use: every page of a search, every avatar, and their thumbnails.",
        discussion: """
            With --all, every character, episode and location page is stored too, so --offline \
            search filters locally with the API's own rules, and show, episode and location find \
            anything. Without --sizes, the thumbnails made are exactly those the views draw in \
            this terminal (search rows, cast grids, browse, sheets; the disk keeps plain ones up to \
            128 px and draws rings on them, and a detail's large avatar is made from the stored \
            avatar when shown), so offline views decode nothing but that. A second run fetches only what is missing or stale (a stale entry is \
            revalidated; the server's 304 renews it without a download). What fails is tried once \
            more at the end, after the pause the server asked for. Exit code 4 when anything \
            still failed.
            """ + Examples.help("warm")
    )

    @OptionGroup var filters: CharacterFilterOptions

    @Flag(help: "The whole character set (and every episode and location), not a search.")
    var all = false

    @Option(
        help: ArgumentHelp(
            "Thumbnail diameters to keep (8 to 128 px), comma-separated, instead of the views' own.",
            valueName: "px,px"))
    var sizes: String?

    @Flag(help: "Pages and original avatars only.")
    var noThumbnails = false

    @Flag(help: "Print the summary as JSON.")
    var json = false

    @Flag(
        help: ArgumentHelp(
            "Ask the server about every page and avatar, even fresh ones (a 304 costs no body).",
            discussion: "Avatars are otherwise kept --avatar-max-stale days whatever the server says."))
    var refresh = false

    @OptionGroup var display: DisplayOptions

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        let query = filters.query(page: 1)
        if all && !query.filters.isEmpty { throw ValidationError("--all warms everything: give filters or --all, not both") }
        if !all && query.filters.isEmpty {
            throw ValidationError("say what to warm: search filters (e.g. rick --status alive) or --all")
        }
        _ = try variants()
    }

    func run() async throws {
        let started = ContinuousClock.now
        let variants = try variants()
        // Only sizes the thumbnails: tmux's options stay as they are.
        var terminal = display.settings(color: global.color)
        terminal.enablesPassthrough = false
        let pixelsPerColumn = AvatarArt(capabilities: await TerminalSession.prepare(terminal).capabilities).pixelsPerColumn
        let summary = try await APIAccess.with(global) { api in
            if !all { try await api.requireMatches(filters.query(page: 1)) }
            var warmer = CacheWarmer(
                client: refresh ? api.refreshingClient ?? api.client : api.client,
                images: api.images, responses: api.responses)
            warmer.refreshes = refresh
            warmer.apiHost = api.apiHost
            warmer.deadline = api.deadline
            let bar = ProgressBar(label: "warming", total: 0)
            let report = try await warmer.warm(
                all ? .everything : .characters(filters.query(page: 1)), variants: variants,
                pixelsPerColumn: pixelsPerColumn
            ) { bar.show($0) }
            bar.finish()
            var summary = WarmSummary(report: report)
            summary.seconds = (ContinuousClock.now - started).seconds
            let footprint = api.disk.recordedSize()
            summary.cacheEntries = footprint.entries
            summary.cacheBytes = footprint.bytes
            summary.cachePath = api.disk.root.path
            summary.sizeLimit = api.disk.configuration.sizeLimit
            summary.statistics = await api.images.statistics
            summary.roomFound = api.disk.roomFound
            return summary
        }
        let stop = summary.report.stop.map {
            StopLine(stop: $0, timeout: global.timeout, count: summary.report.avatars.count, noun: "avatar")
        }
        FailureLines.write(summary.report.failures, stop: stop)
        if json {
            try JSONOutput.print(summary)
        } else {
            print(summary.render())
        }
        let total = summary.report.pages.total + summary.report.avatars.total
        let tooSmall = summary.report.evicted > 0 ? CacheTooSmall(report: summary.report, limit: summary.sizeLimit, held: summary.cacheBytes) : nil
        if let tooSmall { StandardStreams.error("rickdex: \(tooSmall)\n" + (tooSmall.hint.map { $0 + "\n" } ?? "")) }
        // A full disk was said as the cache closed (`APIAccess.close`): exit 4 with nothing more.
        if summary.roomFound != nil, summary.report.failed == 0 { throw QuietExit(code: ExitStatus.partial.rawValue) }
        // A stop has said its line, and the summary what was done: exit 4 with nothing more.
        if summary.report.stop != nil { throw QuietExit(code: ExitStatus.partial.rawValue) }
        if summary.report.failed > 0 { throw PartialFailure(failed: summary.report.failed, total: total) }
        // What was warmed is not all in the cache: said above, exit 4.
        if tooSmall != nil { throw QuietExit(code: ExitStatus.partial.rawValue) }
    }

    /// `--sizes` as variants (ringed, drawn on the plain ones kept), else the views' catalog;
    /// none with `--no-thumbnails`.
    private func variants() throws -> [AvatarVariant] {
        if noThumbnails { return [] }
        guard let sizes else { return AvatarVariant.catalog }
        let largest = ProcessedImageStorage.standard.largestStored
        let message =
            "--sizes takes diameters of 8...\(largest) px, comma-separated, e.g. 32,64,128: "
            + "larger thumbnails are made from the cached avatar when shown, not kept"
        return try IntegerList.parse(sizes, range: 8...largest, sorted: true, message: message).map {
            AvatarVariant(name: "\($0)px", size: .pixels($0), ringed: true)
        }
    }
}
