import LoupePipeline
import RickAndMortyAPI

/// What a `CacheWarmer` run did: every page and avatar counted once by where it ended up, each
/// failure named, and the thumbnails it was asked for and made.
package struct WarmReport: Sendable {
    /// Counts of one kind of thing (pages, avatars), by outcome: `fetched + revalidated + cached
    /// + failed + notStarted == total`.
    package struct Tally: Sendable, Hashable, Codable {
        /// Asked for: the avatars the listing announced; the pages known (a listing's pages are
        /// known from its first).
        package var total = 0
        /// Downloaded and stored now.
        package var fetched = 0
        /// Stale, confirmed by the server (304) and renewed.
        package var revalidated = 0
        /// Fresh in the cache already.
        package var cached = 0
        package var failed = 0
        /// Never started: the warm stopped (`BatchStop`) before their turn, or, for avatars,
        /// the listing page that holds them failed.
        package var notStarted = 0

        package init() {}

        /// The same counts as any batch gives them.
        package var count: BatchCount {
            BatchCount(asked: total, done: fetched + revalidated + cached, failed: failed)
        }
    }

    package var pages = Tally()
    package var avatars = Tally()
    /// What could not be had, even in the final pass: pages (by resource, in page order), then
    /// avatars (by character id).
    package var failures: [BatchFailure] = []
    /// Thumbnails asked for (characters × the variants the disk keeps) and those made now; the
    /// rest were cached.
    package var thumbnailsWanted = 0
    package var thumbnailsMade = 0
    /// The diameters kept, in pixels, ascending.
    package var thumbnailSizes: [Int] = []
    /// What failed in the sweep and was tried again in the final pass.
    package var retried = 0
    /// Why the batch stopped starting pages and avatars (the host went away, the deadline
    /// passed), if it did: what it did not start is `notStarted`.
    package var stop: BatchStop?
    /// Entries the cache's size limit removed while the warm wrote (its own among them), and
    /// their bytes: more than the limit holds was asked for.
    package var evicted = 0
    package var evictedBytes: Int64 = 0
    /// The warm's answers (listing pages), and how many of them the cache no longer holds even
    /// after they were kept before images: what `--offline` would miss. Counted only when the
    /// limit evicted (`evicted > 0`).
    package var answers = 0
    package var answersMissing = 0

    package init() {}

    package var failed: Int { pages.failed + avatars.failed }
}
