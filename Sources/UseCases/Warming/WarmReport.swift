import LoupePipeline
import RickAndMortyAPI

/// What a `CacheWarmer` run did: every page and avatar counted once by where it ended up, each
/// failure named, and the thumbnails it was asked for and made.
public struct WarmReport: Sendable {
    /// Counts of one kind of thing (pages, avatars), by outcome.
    public struct Tally: Sendable, Hashable, Codable {
        public var total = 0
        /// Downloaded and stored now.
        public var fetched = 0
        /// Stale, confirmed by the server (304) and renewed.
        public var revalidated = 0
        /// Fresh in the cache already.
        public var cached = 0
        public var failed = 0

        public init() {}
    }

    /// A page that could not be had, even in the final pass.
    public struct PageFailure: Sendable {
        public var resource: ResourceKind
        public var page: Int
        /// Why, with its cause (an `APIError`, say).
        public var error: WarmFailure
    }

    /// An avatar that could not be had or processed, even in the final pass.
    public struct AvatarFailure: Sendable {
        public var id: Int
        public var name: String
        /// Why, with its cause (an `ImagePipeline.Error`, say).
        public var error: WarmFailure
    }

    public var pages = Tally()
    public var avatars = Tally()
    /// In page order within each resource.
    public var failedPages: [PageFailure] = []
    /// By character id.
    public var failedAvatars: [AvatarFailure] = []
    /// Thumbnails asked for (characters × the variants the disk keeps) and those made now; the
    /// rest were cached.
    public var thumbnailsWanted = 0
    public var thumbnailsMade = 0
    /// The diameters kept, in pixels, ascending.
    public var thumbnailSizes: [Int] = []
    /// What failed in the sweep and was tried again in the final pass.
    public var retried = 0
    /// Why the batch stopped starting pages and avatars (the host went away, the deadline
    /// passed), if it did; the avatars done by then; and how many the listing held.
    public var stop: BatchStop?
    public var avatarsAtStop = 0
    public var avatarsAsked = 0

    /// Avatars of the listing neither done nor failed: never started, as the batch stopped.
    public var avatarsNotStarted: Int { max(0, avatarsAsked - avatars.total) }

    public init() {}

    public var failed: Int { pages.failed + avatars.failed }
}
