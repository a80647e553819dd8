import FoundationEssentials
import ImageCache
import Toolbox
import UseCases

/// What `rickdex warm` did, for the closing lines and `--json`: the warmer's report, the time,
/// and the cache it left.
struct WarmSummary: Encodable {
    var report: WarmReport
    var seconds = 0.0
    var cacheEntries = 0
    var cacheBytes: Int64 = 0
    var cachePath = ""
    /// The pipeline's counters by tier (for `--json`).
    var statistics: PipelineStatistics?

    init(report: WarmReport) {
        self.report = report
    }

    private enum CodingKeys: String, CodingKey {
        case seconds, cacheEntries, cacheBytes, cachePath, statistics
    }

    /// The report's fields at the top level, then the run's.
    func encode(to encoder: any Encoder) throws {
        try report.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seconds, forKey: .seconds)
        try container.encode(cacheEntries, forKey: .cacheEntries)
        try container.encode(cacheBytes, forKey: .cacheBytes)
        try container.encode(cachePath, forKey: .cachePath)
        try container.encodeIfPresent(statistics, forKey: .statistics)
    }

    func render() -> String {
        let (pages, avatars) = (report.pages, report.avatars)
        let fetched = pages.fetched + avatars.fetched
        let revalidated = pages.revalidated + avatars.revalidated
        let cached = pages.cached + avatars.cached
        let sizes = report.thumbnailSizes.map { "\($0)" }.joined(separator: ", ")
        let thumbnails =
            report.thumbnailSizes.isEmpty
            ? "" : ", \(report.thumbnailsWanted) thumbnails (\(sizes) px, \(report.thumbnailsMade) made)"
        return """
            warmed \(pages.total) pages, \(avatars.total) avatars\(thumbnails) in \(seconds.decimalText(places: 1)) s
              fetched \(fetched) · already cached \(cached) · revalidated \(revalidated) · failed \(report.failed)
              cache: \(cacheEntries) entries, \(ByteSize.format(cacheBytes)) in \(cachePath)
            """
    }
}
