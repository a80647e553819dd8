import LoupePipeline
import RickAndMortyAPI

/// What a `CacheWarmer` run did: pages and avatars counted by outcome, failures, thumbnails made.
package struct WarmReport: Sendable {
    /// Pages or avatars by outcome: `fetched + revalidated + cached + failed + notStarted == total`.
    package struct Tally: Sendable, Hashable, Codable {
        package var total = 0
        package var fetched = 0
        package var revalidated = 0
        package var cached = 0
        package var failed = 0
        /// After a stop (`BatchStop`), or, for avatars, on a listing page that failed.
        package var notStarted = 0

        package init() {}

        /// The same counts as any batch gives them.
        package var count: BatchCount {
            BatchCount(asked: total, done: fetched + revalidated + cached, failed: failed)
        }
    }

    package var pages = Tally()
    package var avatars = Tally()
    /// What could not be had, even in the final pass: pages (by resource and number), then avatars (by id).
    package var failures: [BatchFailure] = []
    /// Thumbnails asked for, those made now, and their diameters, ascending.
    package var thumbnailsWanted = 0
    package var thumbnailsMade = 0
    package var thumbnailSizes: [Int] = []
    /// Failures of the sweep tried again in the final pass.
    package var retried = 0
    package var stop: BatchStop?
    /// Entries (and bytes) the cache's size limit removed while the warm wrote.
    package var evicted = 0
    package var evictedBytes: Int64 = 0
    /// When the limit evicted: the warm's answers, and how many of them `--offline` would miss.
    package var answers = 0
    package var answersMissing = 0

    package init() {}

    package var failed: Int { pages.failed + avatars.failed }
}
