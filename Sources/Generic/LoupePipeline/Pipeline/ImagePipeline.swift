import FoundationEssentials
import LoupeHTTP
import LoupeImaging
import LoupeToolbox

/// Images by request, as Nuke's `ImagePipeline`, on Linux: from memory, the processed image on
/// disk, or made from the original (on disk or loaded), decoded at the smallest scale the first
/// processor allows.
///
/// Identical requests in flight share one download and one processing, and processors run step by
/// step (`[a]` and `[a, b]` share `a`). Downloads and processing wait for a slot by priority
/// (`dataLoadingLimit`, `processingLimit`). A failed cache write never fails a load: it is counted
/// in `statistics`. Entries are fresh as the origin's headers say (or `acceptsStale`); a stale one
/// is revalidated, and stands in when the origin fails (a dropped connection, a 5xx, a 429)
/// unless stored `must-revalidate`. With no data loader any cached copy is good.
///
/// Thread-safe. What the pipeline coordinates (jobs in flight, their queues, its counters) is
/// owned by `ImagePipelineActor`; the caches lock their own.
public final class ImagePipeline: Sendable {
    public let configuration: Configuration
    /// What the pipeline asks its owner request by request: cache keys, headers, task events.
    public let delegate: any Delegate
    /// Whether a delegate was given: without one, keys are made without asking it (a memory hit
    /// is a few hundred nanoseconds, and a call through the existential a tenth of that).
    let hasDelegate: Bool

    /// One job per image and options, one per original (`dataLoadingLimit` at a time), and the
    /// queue for decoding and processing (`processingLimit` at a time).
    let requests = Flights<RequestFlight, ImageResponse>()
    let loads: Flights<OriginalFlight, Original>
    let processing: TaskQueue
    @ImagePipelineActor var counters = PipelineStatistics()

    public init(configuration: Configuration = Configuration(), delegate: (any Delegate)? = nil) {
        self.configuration = configuration
        self.delegate = delegate ?? DefaultDelegate()
        self.hasDelegate = delegate != nil
        self.loads = Flights(queue: TaskQueue(limit: configuration.dataLoadingLimit))
        self.processing = TaskQueue(limit: configuration.processingLimit)
    }

    /// The pipeline's caches, by request: lookups, stores, removals and keys (Nuke's `pipeline.cache`).
    public var cache: Cache { Cache(pipeline: self) }

    /// What this pipeline did in this process: downloads, cache hits, processings, joins.
    @ImagePipelineActor public var statistics: PipelineStatistics {
        var statistics = counters
        statistics.coalesced = loads.joined + requests.joined
        return statistics
    }

    /// Data loads running now, and waiting for one of `dataLoadingLimit`'s slots: what a test
    /// waits on instead of sleeping.
    @ImagePipelineActor public var dataLoads: (running: Int, queued: Int) {
        (loads.queue?.running ?? 0, loads.queue?.queued ?? 0)
    }

    @ImagePipelineActor func count(_ change: (inout PipelineStatistics) -> Void) {
        change(&counters)
    }

    /// Stores `bytes` in the data cache; a write it refuses is counted, and the last kept.
    func storeData(_ bytes: [UInt8], metadata: EntryMetadata, for key: CacheKey) async {
        guard let dataCache else { return }
        _ = await counting { try dataCache.store(bytes, metadata: metadata, for: key) }
    }

    /// Renews `entry` (its origin confirmed it), counted as `storeData` is; `nil`: refused.
    func renewData(_ entry: CacheEntry, for key: CacheKey, directives: CacheDirectives) async -> EntryMetadata? {
        guard let dataCache else { return nil }
        return await counting { try dataCache.renew(entry, for: key, directives: directives) }
    }

    private func counting<T: Sendable>(_ write: () throws -> T) async -> T? {
        let written = Result(catching: write)
        await count {
            switch written {
            case .success: $0.stored += 1
            case .failure(let error):
                $0.unstored += 1
                $0.storeFailure = error
            }
        }
        return try? written.get()
    }

    /// `request`'s own key: its `imageID` (else its URL) and its processors' identifiers; the
    /// caches' key unless the delegate gives another.
    package func requestKey(_ request: ImageRequest) -> CacheKey {
        let original = request.imageID.map { ["key", $0] } ?? ["url", request.url.absoluteString]
        return CacheKey(request.processors.isEmpty ? original : original + [request.processors.identifier])
    }

    /// `request`'s own name in memory, whatever the delegate says: what requests in flight are
    /// keyed by.
    func ownImageKey(_ request: ImageRequest) -> ImageCacheKey {
        ImageCacheKey(
            source: request.imageID.map { "key:" + $0 } ?? request.url.absoluteString, processors: request.processors.identifier)
    }

    var dataLoader: (any DataLoading)? { configuration.dataLoader }
    var dataCache: (any DataCaching)? { configuration.dataCache }

    // MARK: Originals

    /// The original of `request`, as its options say: from the data cache when fresh (any age
    /// with no loader or `returnCacheDataDontLoad`), revalidated, or loaded and stored when any
    /// waiter's options and the policy say so. A download is one job for every caller of the same
    /// original, started in the order of their priority (`waiter`'s, else the request's).
    func loadOriginal(of request: ImageRequest, waiter: (any Waiting)?) async throws -> Original {
        // Any other scheme is the data loader's to load or refuse (the default loads http(s)).
        if request.url.scheme?.lowercased() == "file" {
            guard configuration.readsFileURLs else { throw Error.urlRefused(url: request.url.absoluteString) }
            return try readFile(request.url)
        }
        let options = request.options
        let key = cache.makeDataCacheKey(for: request.with(processors: []))
        let flight = OriginalFlight(key: key, revalidating: options.contains(.reloadRevalidatingCachedData))
        let readsCache = !options.contains(.disableDiskCacheReads)
        let cached = readsCache ? dataCache?.entry(for: key) : nil
        let loader = options.contains(.returnCacheDataDontLoad) ? nil : dataLoader
        if readsCache, dataCache != nil, cached == nil { await count { $0.dataMisses += 1 } }
        if let cached, loader == nil || (!flight.revalidating && cached.metadata.isFresh(at: Date())) {
            await count { $0.originalHits += 1 }
            return Original(bytes: cached.body, cacheType: .disk, directives: cached.metadata.remainingDirectives())
        }
        guard let loader else { throw Error.dataMissingInCache(url: request.url.absoluteString) }
        let stores =
            !options.contains(.disableDiskCacheWrites)
            && configuration.dataCachePolicy.storesOriginal(processed: !request.processors.isEmpty)
        return try await loads.value(flight, priority: request.priority, waiter: waiter, keeps: stores) { [self] job in
            try await download(request, flight: flight, cached: cached, loader: loader, job: job)
        }
    }

    /// A `file://` URL's bytes, read here as Nuke reads them: not through the data loader, never
    /// kept in the data cache. Only a regular file, no larger than a download may be (a FIFO or
    /// `/dev/zero` is refused unread); its bytes are never quoted in an error.
    private func readFile(_ url: URL) throws -> Original {
        let cap = configuration.maximumResponseDataSize ?? Self.fileSizeCap
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.regularFile(url.path, cap: cap)
        } catch .tooLarge {
            throw Error.dataDownloadExceededMaximumSize(url: url.absoluteString)
        } catch {
            throw Error.dataLoadingFailed(url: url.absoluteString, underlying: error)
        }
        try check(bytes, url: url.absoluteString, quoting: false)
        return Original(bytes: bytes)
    }

    /// The most of a local file read without `maximumResponseDataSize`: the default loader's cap.
    static let fileSizeCap = 10 << 20

    /// That `bytes` are an image worth keeping: not empty, JPEG or PNG by their bytes, and a
    /// header within the decoding limits. `quoting` false leaves the first bytes out of the
    /// error: a local file's are the user's, not a server's.
    private func check(_ bytes: [UInt8], url: String, quoting: Bool = true) throws {
        guard !bytes.isEmpty else { throw Error.dataIsEmpty(url: url) }
        guard ImageSniffer.format(of: bytes) != nil else {
            throw Error.notAnImage(url: url, firstBytes: quoting ? ImageSniffer.preview(bytes) : "")
        }
        do {
            _ = try ImageDecoder(options: DecodeOptions(limits: configuration.decodingLimits)).size(of: bytes)
        } catch {
            throw Error.decodingFailed(url: url, underlying: error)
        }
    }

    /// The download of a load job, and what follows it: a 304 renews `cached`, a body is checked
    /// and stored, a failure lets `cached` stand in when it may.
    private func download(
        _ request: ImageRequest, flight: OriginalFlight, cached: CacheEntry?, loader: any DataLoading, job: Job<Original>
    ) async throws -> Original {
        let url = request.url.absoluteString
        let key = flight.key
        let answer: Download
        do {
            var headers = request.headers
            for field in cached?.metadata.validators ?? [:] { headers[field.name] = field.value }
            let dataRequest = try await delegate.willLoadData(
                for: request, dataRequest: DataRequest(url: request.url, headers: headers), pipeline: self)
            // The loader's reports reach the job's waiters in order, through the job's actor.
            let (reports, sink) = AsyncStream.makeStream(of: ImageTask.Progress.self, bufferingPolicy: .bufferingNewest(1))
            let relay = Task { @ImagePipelineActor in for await progress in reports { job.report(progress) } }
            defer { sink.finish() }
            answer = try await loader.loadData(for: dataRequest) { sink.yield(ImageTask.Progress(completed: $0, total: $1)) }
            sink.finish()
            await relay.value
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            // Stale beats nothing (the copy is whole, only old), unless the server said it must not.
            if let cached, !cached.metadata.mustRevalidate, Self.staleMayStandIn(for: error) {
                return Original(stale: cached)
            }
            throw error as? Error ?? Error.dataLoadingFailed(url: url, underlying: error)
        }
        let directives = CacheDirectives(headers: answer.headers).acceptingStale(for: configuration.acceptsStale)
        switch answer.status {
        case 304 where cached != nil:
            let cached = cached!
            let renewed = await renewData(cached, for: key, directives: directives)
            await count { $0.revalidated += 1 }
            return Original(
                bytes: cached.body, urlResponse: HTTPResponse(status: .notModified, headerFields: answer.headers),
                directives: renewed?.remainingDirectives() ?? directives)
        case 200:
            break
        default:
            let failure = Error.statusCodeUnacceptable(answer.status, url: url)
            if let cached, !cached.metadata.mustRevalidate, Self.staleMayStandIn(for: failure) {
                return Original(stale: cached)
            }
            throw failure
        }
        let bytes = answer.body
        await count {
            $0.downloads += 1
            $0.bytesDownloaded += Int64(bytes.count)
        }
        if let maximum = configuration.maximumResponseDataSize, bytes.count > maximum {
            throw Error.dataDownloadExceededMaximumSize(url: url)
        }
        try check(bytes, url: url)
        // A cache that cannot keep it (a full or read-only disk) does not cost the image.
        if let dataCache, directives.mayStore, await job.keeps {
            let metadata = dataCache.metadata(
                .original, key: key, url: url,
                contentType: answer.headers[.contentType] ?? "application/octet-stream", etag: answer.headers[.eTag],
                lastModified: answer.headers[.lastModified], directives: directives)
            await storeData(bytes, metadata: metadata, for: key)
        }
        return Original(
            bytes: bytes, urlResponse: HTTPResponse(status: .ok, headerFields: answer.headers), directives: directives)
    }

    /// Whether a failure of the origin lets a stale copy stand in: the way to it failed, or it
    /// answered 5xx or 429. Not a certificate that does not verify (the user must hear of it),
    /// nor an answer that the image is gone or is no image.
    static func staleMayStandIn(for error: any Swift.Error) -> Bool {
        switch error {
        case let failure as HTTPError: failure.staleMayStandIn
        case Error.statusCodeUnacceptable(let status, _): status == 429 || status >= 500
        case Error.dataLoadingFailed(_, let underlying): staleMayStandIn(for: underlying)
        default: false
        }
    }
}

/// An image's bytes exactly as served, and where they came from: what Nuke's `data(for:)` gives
/// as `(Data, URLResponse?)`, with `ImageResponse`'s `cacheType` and `isStaleAfterError`.
public struct Original: Sendable, Hashable {
    public var bytes: [UInt8]
    /// The origin's answer to this load (a 200, or a 304 that confirmed the cached copy).
    public var urlResponse: HTTPResponse?
    /// `.disk` when the data cache answered; `nil` for the origin or a `file://` URL.
    public var cacheType: ImageResponse.CacheType?
    /// A stale copy from the data cache stood in because the origin failed.
    public var isStaleAfterError = false
    /// What is left of its lifetime, which the variants made from it inherit.
    public var directives: CacheDirectives

    public init(
        bytes: [UInt8], urlResponse: HTTPResponse? = nil, cacheType: ImageResponse.CacheType? = nil,
        directives: CacheDirectives = .unspecified
    ) {
        self.bytes = bytes
        self.urlResponse = urlResponse
        self.cacheType = cacheType
        self.directives = directives
    }

    /// `entry`, stale, standing in for an origin that failed.
    init(stale entry: CacheEntry) {
        self.init(bytes: entry.body, cacheType: .disk, directives: entry.metadata.remainingDirectives())
        isStaleAfterError = true
    }

    /// CRC-32 of `bytes`: what a variant records to notice that its original changed. Computed
    /// on demand, since fetching alone never needs it.
    public var checksum: UInt32 { CRC32.checksum(bytes) }
}
