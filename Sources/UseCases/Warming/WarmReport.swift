import LoupePipeline
import RickAndMortyAPI

/// What a `CacheWarmer` run did: every page and avatar counted once by where it ended up, each
/// failure named, and the thumbnails it was asked for and made.
package struct WarmReport: Sendable {
    /// Counts of one kind of thing (pages, avatars), by outcome.
    package struct Tally: Sendable, Hashable, Codable {
        package var total = 0
        /// Downloaded and stored now.
        package var fetched = 0
        /// Stale, confirmed by the server (304) and renewed.
        package var revalidated = 0
        /// Fresh in the cache already.
        package var cached = 0
        package var failed = 0

        package init() {}
    }

    /// A page that could not be had, even in the final pass.
    package struct PageFailure: Sendable {
        package var resource: ResourceKind
        package var page: Int
        /// Why, with its cause (an `APIError`, say).
        package var error: WarmFailure
    }

    /// An avatar that could not be had or processed, even in the final pass.
    package struct AvatarFailure: Sendable {
        package var id: Int
        package var name: String
        /// Why, with its cause (an `ImagePipeline.Error`, say).
        package var error: WarmFailure
    }

    package var pages = Tally()
    package var avatars = Tally()
    /// In page order within each resource.
    package var failedPages: [PageFailure] = []
    /// By character id.
    package var failedAvatars: [AvatarFailure] = []
    /// Thumbnails asked for (characters × the variants the disk keeps) and those made now; the
    /// rest were cached.
    package var thumbnailsWanted = 0
    package var thumbnailsMade = 0
    /// The diameters kept, in pixels, ascending.
    package var thumbnailSizes: [Int] = []
    /// What failed in the sweep and was tried again in the final pass.
    package var retried = 0
    /// Why the batch stopped starting pages and avatars (the host went away, the deadline
    /// passed), if it did; the avatars done by then; and how many the listing held.
    package var stop: BatchStop?
    package var avatarsAtStop = 0
    package var avatarsAsked = 0
    /// Entries the cache's size limit removed while the warm wrote (its own among them), and
    /// their bytes: more than the limit holds was asked for.
    package var evicted = 0
    package var evictedBytes: Int64 = 0
    /// The warm's answers (listing pages), and how many of them the cache no longer holds even
    /// after they were kept before images: what `--offline` would miss. Counted only when the
    /// limit evicted (`evicted > 0`).
    package var answers = 0
    package var answersMissing = 0

    /// Avatars of the listing neither done nor failed: never started, as the batch stopped.
    package var avatarsNotStarted: Int { max(0, avatarsAsked - avatars.total) }

    package init() {}

    package var failed: Int { pages.failed + avatars.failed }
}

/// Why a page or an avatar could not be warmed, with its cause kept until the report says it.
package enum WarmFailure: Error, Sendable, CustomStringConvertible {
    /// The request or the image failed; the error says how.
    case failed(any Error)
    /// The server could not confirm a cached avatar (`warm --refresh`); the stale copy was kept.
    case staleKept

    package var description: String {
        switch self {
        case .failed(let error): "\(error)"
        case .staleKept: "could not revalidate; the stale copy was kept"
        }
    }

    /// The wait a throttled server asked for, in seconds.
    var retryAfter: Double? {
        if case .failed(let error) = self, case .throttled(_, let seconds)? = error as? APIError { return seconds }
        return nil
    }
}

/// How far a `CacheWarmer` run is: avatars done of those known so far (the total grows as pages
/// arrive), as a value handed to the caller's progress handler.
package struct WarmProgress: Sendable, Hashable {
    package var avatarsDone: Int
    /// Characters the listing has announced (the first page's count).
    package var avatarsTotal: Int
}
