import AvatarCache
import Foundation

/// What `rickdex warm` did, for the closing lines and `--json`.
struct WarmSummary: Codable {
    struct Tally: Codable {
        var total = 0
        var fetched = 0
        var revalidated = 0
        var cached = 0
        var failed = 0
    }

    var pages = Tally()
    var avatars = Tally()
    /// The ids of the characters whose avatar failed, ascending.
    var failedAvatars: [Int] = []
    /// The pages that failed, e.g. `character page 7: …` (their characters are not known).
    var failedPages: [String] = []
    /// Thumbnails made now; the rest of `thumbnailsWanted` were already on disk.
    var thumbnailsMade = 0
    var thumbnailsWanted = 0
    var sizes: [Int] = []
    var seconds = 0.0
    var cacheEntries = 0
    var cacheBytes: Int64 = 0
    var cachePath = ""
    /// The pipeline's counters by tier (for `--json`).
    var statistics: PipelineStatistics?

    var failed: Int { pages.failed + avatars.failed }

    func render() -> String {
        let fetched = pages.fetched + avatars.fetched
        let revalidated = pages.revalidated + avatars.revalidated
        let cached = pages.cached + avatars.cached
        let thumbnails =
            sizes.isEmpty
            ? ""
            : ", \(thumbnailsWanted) thumbnails (\(sizes.map { "\($0)" }.joined(separator: ", ")) px, \(thumbnailsMade) made)"
        return """
            warmed \(pages.total) pages, \(avatars.total) avatars\(thumbnails) in \(String(format: "%.1f", seconds)) s
              fetched \(fetched) · already cached \(cached) · revalidated \(revalidated) · failed \(failed)
              cache: \(cacheEntries) entries, \(ByteSize.format(cacheBytes)) in \(cachePath)
            """
    }
}
