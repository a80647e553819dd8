import FoundationEssentials
import LoupePipeline
import RickAndMortyAPI
import LoupeToolbox
import UseCases

/// What `rickdex warm` did, for the closing lines and `--json`: the warmer's report, the time,
/// and the cache it left.
struct WarmSummary: Encodable {
    var report: WarmReport
    var seconds = 0.0
    var cacheEntries = 0
    var cacheBytes: Int64 = 0
    var cachePath = ""
    /// The cache's size limit (`--cache-size`), in bytes.
    var sizeLimit: Int64 = .max
    /// The pipeline's counters by tier (for `--json`).
    var statistics: PipelineStatistics?
    /// The size a full disk left the cache room for, when it filled during the warm.
    var roomFound: Int64?

    init(report: WarmReport) {
        self.report = report
    }

    private enum CodingKeys: String, CodingKey {
        case pages, avatars, failedPages, failedAvatars, thumbnailsWanted, thumbnailsMade, thumbnailSizes, retried
        case seconds, cacheEntries, cacheBytes, cachePath, statistics, roomFound, stopped
        case evicted, evictedBytes, answersMissing
    }

    /// A failed page as `--json` writes it: the error as its message.
    private struct FailedPage: Encodable {
        var resource: ResourceKind
        var page: Int
        var reason: String
    }

    private struct FailedAvatar: Encodable {
        var id: Int
        var name: String
        var reason: String
    }

    /// The report's fields at the top level, each failure's error as its message, then the run's.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(report.pages, forKey: .pages)
        try container.encode(report.avatars, forKey: .avatars)
        try container.encode(
            report.failures.compactMap { failure -> FailedPage? in
                guard case .page(let resource, let page) = failure.item else { return nil }
                return FailedPage(resource: resource, page: page, reason: "\(failure.error)")
            },
            forKey: .failedPages)
        try container.encode(
            report.failures.compactMap { failure -> FailedAvatar? in
                guard case .avatar(let id, let name) = failure.item else { return nil }
                return FailedAvatar(id: id, name: name, reason: "\(failure.error)")
            },
            forKey: .failedAvatars)
        try container.encode(report.thumbnailsWanted, forKey: .thumbnailsWanted)
        try container.encode(report.thumbnailsMade, forKey: .thumbnailsMade)
        try container.encode(report.thumbnailSizes, forKey: .thumbnailSizes)
        try container.encode(report.retried, forKey: .retried)
        try container.encode(seconds, forKey: .seconds)
        try container.encode(cacheEntries, forKey: .cacheEntries)
        try container.encode(cacheBytes, forKey: .cacheBytes)
        try container.encode(cachePath, forKey: .cachePath)
        try container.encodeIfPresent(statistics, forKey: .statistics)
        try container.encodeIfPresent(roomFound, forKey: .roomFound)
        try container.encodeIfPresent(report.stop.map(\.description), forKey: .stopped)
        try container.encode(report.evicted, forKey: .evicted)
        try container.encode(report.evictedBytes, forKey: .evictedBytes)
        try container.encode(report.answersMissing, forKey: .answersMissing)
    }

    /// The closing lines: what was done of what was asked, how, and the cache it left. Each count
    /// is said once, and they add up: done, failed and not started make what was asked.
    func render() -> String {
        let (pages, avatars) = (report.pages, report.avatars)
        func warmed(_ tally: WarmReport.Tally, _ noun: String) -> String {
            let done = tally.count.done
            return done == tally.total ? Plural.count(done, noun) : "\(done) of \(Plural.count(tally.total, noun))"
        }
        let fetched = pages.fetched + avatars.fetched
        let revalidated = pages.revalidated + avatars.revalidated
        let cached = pages.cached + avatars.cached
        let notStarted = pages.notStarted + avatars.notStarted
        let sizes = report.thumbnailSizes.map { "\($0)" }.joined(separator: ", ")
        let thumbnails =
            report.thumbnailSizes.isEmpty
            ? "" : ", \(Plural.count(report.thumbnailsWanted, "thumbnail")) (\(sizes) px, \(report.thumbnailsMade) made)"
        // That it stopped; why is the stop line's, on stderr, said once.
        let stopped = report.stop == nil ? "" : " (stopped)"
        let unstarted = notStarted == 0 && report.stop == nil ? "" : " · not started \(notStarted)\(stopped)"
        // What the size limit took is no longer cached: said where the counts are.
        let evicted = report.evicted == 0 ? "" : " · \(report.evicted) evicted by the size limit"
        return """
            warmed \(warmed(pages, "page")), \(warmed(avatars, "avatar"))\(thumbnails) in \(seconds.decimalText(places: 1)) s
              fetched \(fetched) · already cached \(cached) · revalidated \(revalidated) · failed \(report.failed)\(unstarted)\(evicted)
              cache: \(Plural.count(cacheEntries, "entry")), \(ByteSize.format(cacheBytes)) in \(cachePath)
            """
    }
}
