import FoundationEssentials
import LoupeHTTP
import LoupeImaging
import LoupeToolbox
import Synchronization

/// Images by request, as Nuke's `ImagePipeline`: from memory, the processed image on disk, or
/// made from the original, decoded at the smallest scale the first processor allows. Identical
/// requests share one download and one processing, step by step (`[a]` and `[a, b]` share `a`).
/// A stale entry is revalidated, and stands in when the origin fails unless `must-revalidate`.
/// Jobs and queues live on `ImagePipelineActor`; counters are atomics; the caches lock their own.
public final class ImagePipeline: Sendable {
    public let configuration: Configuration
    public let delegate: any Delegate
    /// Without a delegate, keys are made without asking it: a call through the existential is a
    /// tenth of a memory hit.
    let hasDelegate: Bool

    let requests = Flights<RequestFlight, ImageResponse>()
    let loads: Flights<OriginalFlight, Original>
    let processing: TaskQueue
    let counters = PipelineCounters()
    /// The last write the data cache refused: to report once, with what to do.
    @ImagePipelineActor var storeFailure: (any Swift.Error)?

    public init(configuration: Configuration = Configuration(), delegate: (any Delegate)? = nil) {
        self.configuration = configuration
        self.delegate = delegate ?? DefaultDelegate()
        self.hasDelegate = delegate != nil
        self.loads = Flights(queue: TaskQueue(limit: configuration.dataLoadingLimit))
        self.processing = TaskQueue(limit: configuration.processingLimit)
    }

    public var cache: Cache { Cache(pipeline: self) }

    @ImagePipelineActor public var statistics: PipelineStatistics {
        var statistics = counters.snapshot
        statistics.storeFailure = storeFailure
        statistics.coalesced = loads.joined + requests.joined
        return statistics
    }

    /// Data loads running and waiting: what a test waits on instead of sleeping.
    @ImagePipelineActor public var dataLoads: (running: Int, queued: Int) {
        (loads.queue?.running ?? 0, loads.queue?.queued ?? 0)
    }

    /// A write the data cache refuses is counted, and the last kept: it never fails a load.
    func storeData(_ bytes: [UInt8], metadata: EntryMetadata, for key: CacheKey) async {
        guard let dataCache else { return }
        _ = await counting { try dataCache.store(bytes, metadata: metadata, for: key) }
    }

    func renewData(_ entry: CacheEntry, for key: CacheKey, directives: CacheDirectives) async -> EntryMetadata? {
        guard let dataCache else { return nil }
        return await counting { try dataCache.renew(entry, for: key, directives: directives) }
    }

    private func counting<T: Sendable>(_ write: () throws -> T) async -> T? {
        let written = Result(catching: write)
        switch written {
        case .success: counters.stored.increment()
        case .failure(let error):
            counters.unstored.increment()
            await keepStoreFailure(error)
        }
        return try? written.get()
    }

    @ImagePipelineActor private func keepStoreFailure(_ error: any Swift.Error) {
        storeFailure = error
    }

    package func requestKey(_ request: ImageRequest) -> CacheKey {
        let original = request.imageID.map { ["key", $0] } ?? ["url", request.url.absoluteString]
        return CacheKey(request.processors.isEmpty ? original : original + [request.processors.identifier])
    }

    /// `request`'s own name in memory, whatever the delegate says: what flights are keyed by.
    func ownImageKey(_ request: ImageRequest) -> ImageCacheKey {
        ImageCacheKey(
            source: request.imageID.map { "key:" + $0 } ?? request.url.absoluteString, processors: request.processors.identifier)
    }

    var dataLoader: (any DataLoading)? { configuration.dataLoader }
    var dataCache: (any DataCaching)? { configuration.dataCache }

    // MARK: Originals

    /// The original of `request`: from the data cache when fresh (any age with no loader), else
    /// revalidated or loaded in one job for every caller of the same original.
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
        if readsCache, dataCache != nil, cached == nil { counters.dataMisses.increment() }
        if let cached, loader == nil || (!flight.revalidating && cached.metadata.isFresh(at: Date())) {
            counters.originalHits.increment()
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

    /// A `file://` URL's bytes, as Nuke reads them: not through the loader, never cached. Only a
    /// regular file of a download's size at most (a FIFO or `/dev/zero` is refused unread).
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

    static let fileSizeCap = 10 << 20

    /// That `bytes` are a JPEG or PNG within the decoding limits. A local file's bytes are the
    /// user's: `quoting` false leaves them out of the error.
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

    /// A 304 renews `cached`, a body is checked and stored, a failure lets `cached` stand in.
    private func download(
        _ request: ImageRequest, flight: OriginalFlight, cached: CacheEntry?, loader: any DataLoading, job: Job<Original>
    ) async throws -> Original {
        // Named by the URL the loader is asked for, as the delegate resolved it (a caller's request may
        // hold a URL relative to a root that only the delegate knows).
        var url = request.url.absoluteString
        let key = flight.key
        let answer: Download
        do {
            var headers = request.headers
            for field in cached?.metadata.validators ?? [:] { headers[field.name] = field.value }
            let dataRequest = try await delegate.willLoadData(
                for: request, dataRequest: DataRequest(url: request.url, headers: headers), pipeline: self)
            url = dataRequest.url.absoluteString
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
            counters.revalidated.increment()
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
        counters.downloads.increment()
        counters.bytesDownloaded.add(Int64(bytes.count), ordering: .relaxed)
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

    /// The way to the origin failed, or it answered 5xx or 429; not a certificate that does not
    /// verify (the user must hear of it), nor an answer that the image is gone.
    static func staleMayStandIn(for error: any Swift.Error) -> Bool {
        switch error {
        case let failure as HTTPError: failure.staleMayStandIn
        case Error.statusCodeUnacceptable(let status, _): status == 429 || status >= 500
        case Error.dataLoadingFailed(_, let underlying): staleMayStandIn(for: underlying)
        default: false
        }
    }
}

/// An image's bytes as served, and where they came from: Nuke's `data(for:)` answer.
public struct Original: Sendable, Hashable {
    public var bytes: [UInt8]
    public var urlResponse: HTTPResponse?
    public var cacheType: ImageResponse.CacheType?
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

    init(stale entry: CacheEntry) {
        self.init(bytes: entry.body, cacheType: .disk, directives: entry.metadata.remainingDirectives())
        isStaleAfterError = true
    }

    /// CRC-32 of `bytes`: what a variant records to notice that its original changed.
    public var checksum: UInt32 { CRC32.checksum(bytes) }
}
