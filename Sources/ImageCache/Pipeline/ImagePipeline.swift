import FoundationEssentials
import HTTP
import Imaging
import Toolbox

/// Images by request, through both tiers: memory, then the processed image on disk, then the
/// original on disk, then the data loader (the network). Identical requests in flight share one
/// download and one processing; requests that differ only in their processors share the
/// download. What is made is stored in both tiers; a failed cache write never fails a load (the
/// disk tier counts it and keeps it as `lastWriteError`).
///
/// Thumbnails are kept on disk as `variantStorage` says (small ones, compressed); larger ones
/// are made again from the stored original, and kept in memory only. A ringed thumbnail is the
/// plain one with its ring drawn on, so only plain ones are kept.
///
/// Entries are fresh for as long as the server's caching headers say (the disk tier's default
/// lifetime when they say nothing), and not stored at all when they forbid it. Online, a stale
/// disk entry is revalidated (a 304 renews it without a download) and stands in whenever the
/// origin fails (a dropped or refused connection, a 5xx, a 429), as a stale API answer does,
/// unless it was stored `must-revalidate`; offline (no data loader), any disk entry is good and a
/// miss is `ImageCacheError.notCached`.
///
/// Thread-safe: any number of tasks may ask at once; the tiers and counters lock their own state.
public final class ImagePipeline: Sendable {
    public let identity: APIIdentity
    public let disk: DiskCache
    let memory: MemoryCache<MemoryKey, Bitmap>
    /// Where bytes come from; `nil` offline.
    public let dataLoader: (any DataLoading)?
    /// How long an avatar is used without asking the server again, whatever shorter lifetime it
    /// gives (the real origin says `max-age=0`): an avatar does not change in practice, and
    /// image caches keep one for days (Kingfisher 7, Nuke until evicted). A refresh
    /// (`refreshThumbnail`) asks all the same.
    public let acceptsStale: Duration
    /// Which thumbnails are kept on disk, and how they are written.
    public let variantStorage: VariantStorage

    /// The default of `acceptsStale`: a week, as Kingfisher's disk cache.
    public static let defaultAcceptsStale = Duration.seconds(7 * 24 * 3600)

    let originals = Coalescer<OriginalFlight, Original>()
    private let variants = Coalescer<ThumbnailKey, Thumbnail>()
    let requests = Coalescer<RequestFlight, ImageResponse>()
    let counters = Locked(PipelineStatistics(memory: MemoryStatistics(), disk: DiskStatistics()))

    public init(
        identity: APIIdentity, disk: DiskCache, dataLoader: (any DataLoading)?, memoryLimits: MemoryCacheLimits = .thumbnails,
        acceptsStale: Duration = defaultAcceptsStale, variantStorage: VariantStorage = .standard
    ) {
        self.identity = identity
        self.disk = disk
        self.dataLoader = dataLoader
        self.acceptsStale = acceptsStale
        self.variantStorage = variantStorage
        self.memory = MemoryCache(limits: memoryLimits)
    }

    public var statistics: PipelineStatistics {
        var statistics = counters.withLock { $0 }
        statistics.memory = memory.statistics
        statistics.disk = disk.statistics
        statistics.coalesced = originals.coalescedCount + variants.coalescedCount + requests.coalescedCount
        return statistics
    }

    // MARK: Originals

    /// The image's bytes exactly as served: from disk, revalidated, or downloaded and stored.
    public func original(for url: URL) async throws -> Original {
        let key = identity.key(for: url)
        return try await originals.run(OriginalFlight(key: key)) { try await loadOriginal(url, key: key) }
    }

    /// Asks the server whether the image at `url` changed even when the cached copy is fresh (a
    /// 304 renews it); when it did, the thumbnails as `circles` made from the old copy are
    /// dropped, to be made again. What `warm --refresh` does for each avatar.
    public func refreshOriginal(for url: URL, circles: [ImageProcessors.Circle]) async throws -> Original {
        let key = identity.key(for: url)
        let hadCopy = disk.contains(key)
        let original = try await originals.run(OriginalFlight(key: key, revalidating: true)) {
            try await loadOriginal(url, key: key, revalidating: true)
        }
        if hadCopy, original.source == .network {
            for circle in circles { forget(url, circle, key: key) }
        }
        return original
    }

    /// Asks the server whether the image at `url` changed even when the cached copy is fresh, as
    /// pull-to-refresh does: a 304 renews the copy, a new body replaces it and the thumbnails
    /// made from the old one. Returns the thumbnail as `circle` and whether the image changed.
    /// Offline (no data loader) it is the cached thumbnail, unchanged.
    public func refreshThumbnail(for url: URL, circle: ImageProcessors.Circle) async throws
        -> (thumbnail: Thumbnail, changed: Bool)
    {
        let key = identity.key(for: url)
        // A first download is no change: only a copy replaced by another is.
        let hadCopy = disk.contains(key)
        let original = try await originals.run(OriginalFlight(key: key, revalidating: true)) {
            try await loadOriginal(url, key: key, revalidating: true)
        }
        let changed = hadCopy && original.source == .network
        if changed { forget(url, circle, key: key) }
        return (try await thumbnail(for: url, circle: circle), changed)
    }

    /// The original of `url` under `key`: from disk when fresh (any age with no loader or
    /// `cacheOnly`), revalidated, or loaded and stored; `readsDisk`/`writesDisk` false leave the
    /// disk tier out of it.
    func loadOriginal(
        _ url: URL, key: CacheKey, revalidating: Bool = false, cacheOnly: Bool = false, readsDisk: Bool = true,
        writesDisk: Bool = true
    ) async throws -> Original {
        let cached = readsDisk ? disk.entry(for: key) : nil
        let loader = cacheOnly ? nil : dataLoader
        if let cached, loader == nil || (!revalidating && cached.metadata.isFresh(at: Date())) {
            counters.withLock { $0.originalHits += 1 }
            return Original(bytes: cached.body, source: .disk, directives: cached.metadata.remainingDirectives())
        }
        guard let loader else { throw ImageCacheError.notCached(url: url.absoluteString) }
        let download: Download
        do {
            download = try await loader.loadData(for: url, validators: cached?.metadata.validators ?? [])
        } catch where Self.staleMayStandIn(for: error) {
            // Stale beats nothing (the copy is whole, only old), unless the server said it must not:
            // the same rule as for the API's answers.
            guard let cached, !cached.metadata.mustRevalidate else { throw error }
            return Original(bytes: cached.body, source: .staleAfterError, directives: cached.metadata.remainingDirectives())
        }
        switch download.acceptingStale(for: acceptsStale) {
        case .notModified(let directives):
            guard let cached else { throw ImageCacheError.httpStatus(304, url: url.absoluteString) }
            let renewed = try? disk.renew(cached, for: key, directives: directives)
            counters.withLock { $0.revalidated += 1 }
            return Original(
                bytes: cached.body, source: .revalidated, directives: renewed?.remainingDirectives() ?? directives)
        case .body(let bytes, let contentType, let etag, let lastModified, let directives):
            counters.withLock {
                $0.downloads += 1
                $0.bytesDownloaded += Int64(bytes.count)
            }
            guard ImageSniffer.format(of: bytes) != nil else {
                throw ImageCacheError.notAnImage(url: url.absoluteString, firstBytes: ImageSniffer.preview(bytes))
            }
            do {
                _ = try ImageDecoder().size(of: bytes)
            } catch {
                throw ImageCacheError.undecodable(url: url.absoluteString, cause: error)
            }
            let metadata = disk.metadata(
                .original, key: key, url: url.absoluteString, contentType: contentType ?? "application/octet-stream",
                etag: etag, lastModified: lastModified, directives: directives)
            // A cache that cannot keep it (a full or read-only disk) does not cost the image: the
            // disk tier counts the failure and keeps it to report.
            if writesDisk, directives.mayStore { try? disk.store(bytes, metadata: metadata, for: key) }
            return Original(bytes: bytes, source: .network, directives: directives)
        }
    }

    /// Whether a failure of the origin lets a stale copy stand in: the way to it failed, or it
    /// answered 5xx or 429. Not a certificate that does not verify (the user must hear of it),
    /// nor an answer that the image is gone or is no image.
    static func staleMayStandIn(for error: any Error) -> Bool {
        switch error {
        case let failure as HTTPError: failure.staleMayStandIn
        case ImageCacheError.httpStatus(let status, _): status == 429 || status >= 500
        default: false
        }
    }

    // MARK: Thumbnails

    /// A circular thumbnail of the image at `url`, and where it came from.
    public func thumbnail(for url: URL, circle: ImageProcessors.Circle) async throws -> Thumbnail {
        let request = ThumbnailKey(url: url, circle: circle)
        if let bitmap = memory.value(for: .thumbnail(request)) { return Thumbnail(bitmap: bitmap, source: .memory) }
        return try await variants.run(request) {
            guard circle.ringDrawsOverThePlainCircle else {
                return try await loadThumbnail(request, key: identity.key(for: url).appending(circle.identifier))
            }
            // A ring is drawn on the plain circle, pixel for pixel what making it anew gives: only
            // the plain one is kept on disk, and the ring costs microseconds.
            let plain = try await thumbnail(for: url, circle: circle.plain)
            let bitmap = circle.ringed(plain.bitmap)
            memory.set(bitmap, for: .thumbnail(request), cost: bitmap.pixels.count)
            return Thumbnail(bitmap: bitmap, source: plain.source, made: plain.made)
        }
    }

    /// Drops the thumbnails as `circle` of `url` from both tiers, with the plain circle a ringed
    /// one is drawn on.
    private func forget(_ url: URL, _ circle: ImageProcessors.Circle, key: CacheKey) {
        for each in circle.ringDrawsOverThePlainCircle ? [circle, circle.plain] : [circle] {
            memory.remove(.thumbnail(ThumbnailKey(url: url, circle: each)))
            disk.remove(key.appending(each.identifier))
        }
    }

    private func loadThumbnail(_ request: ThumbnailKey, key: CacheKey) async throws -> Thumbnail {
        let (url, circle) = (request.url, request.circle)
        let cached = disk.entry(for: key)
        if let cached, dataLoader == nil || cached.metadata.isFresh(at: Date()),
            let bitmap = decodeVariant(cached, key: key, request: request)
        {
            counters.withLock { $0.variantHits += 1 }
            return Thumbnail(bitmap: bitmap, source: .disk)
        }
        let original = try await original(for: url)
        let source = String(original.checksum)
        if let cached, cached.metadata.source == source, let bitmap = decodeVariant(cached, key: key, request: request) {
            // Made from the very bytes the server just confirmed: renew instead of redoing.
            _ = try? disk.renew(cached, for: key, directives: original.directives)
            return Thumbnail(bitmap: bitmap, source: original.source)
        }
        let bitmap: Bitmap
        do {
            bitmap = try Thumbnailer(circle: circle).thumbnail(original.bytes)
        } catch {
            // An original that does not decode is no image to keep (JPEG has no checksum, so
            // damage past the header shows only here): drop it, so the next request fetches again.
            disk.remove(identity.key(for: url))
            throw ImageCacheError.undecodable(url: url.absoluteString, cause: error)
        }
        counters.withLock { $0.processed += 1 }
        memory.set(bitmap, for: .thumbnail(request), cost: bitmap.pixels.count)
        // A variant lives as long as its original, and is not kept where its original may not be.
        if original.directives.mayStore, variantStorage.stores(diameter: circle.size) {
            let metadata = disk.metadata(
                .variant, key: key, url: url.absoluteString, contentType: "image/png", source: source,
                directives: original.directives)
            if let encoded = try? variantStorage.encoder.encode(bitmap) { try? disk.store(encoded, metadata: metadata, for: key) }
        }
        return Thumbnail(bitmap: bitmap, source: original.source, made: true)
    }

    private func decodeVariant(_ entry: DiskEntry, key: CacheKey, request: ThumbnailKey) -> Bitmap? {
        guard let bitmap = try? ImageDecoder().decode(entry.body) else {
            disk.remove(key)
            return nil
        }
        memory.set(bitmap, for: .thumbnail(request), cost: bitmap.pixels.count)
        return bitmap
    }

}
