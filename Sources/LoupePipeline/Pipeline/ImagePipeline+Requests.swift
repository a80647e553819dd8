import FoundationEssentials
import LoupeImaging
import LoupeToolbox

/// Loading by `ImageRequest`: any processors, any options, as Nuke's `image(for:)`.
extension ImagePipeline {
    /// The image `request` asks for, its processors applied in order: from the image cache, the
    /// processed image in the data cache, or made from the original (from the data cache or the
    /// data loader), decoded at the smallest scale its first processor allows. Identical
    /// requests in flight share one load and one processing; a cancelled caller stops waiting,
    /// and the others go on.
    ///
    /// Throws `ImagePipeline.Error`, or `CancellationError`.
    public func image(for request: ImageRequest) async throws -> ImageResponse {
        try await image(for: request, task: nil)
    }

    /// Starts loading `request`, and returns its task: its progress, its priority (which may
    /// change while it waits), `cancel()`, and the image (`response`).
    public func imageTask(with request: ImageRequest) -> ImageTask {
        let task = ImageTask(request: request)
        task.start { [self] task in try await image(for: request, task: task) }
        return task
    }

    /// The original bytes of `request`'s image, as served (its processors play no part).
    public func data(for request: ImageRequest) async throws -> Original {
        let priority = request.priority.rawValue
        return try await loadOriginal(of: request, priority: { priority }, progress: nil)
    }

    /// Drops `request`'s image from the image cache and its processed image from the data cache
    /// (with the image its finishing step is drawn on), so the next request makes it again: after
    /// a reload replaced its original, say.
    public func removeCachedImage(for request: ImageRequest) {
        configuration.imageCache?.removeImage(for: request.imageCacheKey)
        guard !request.processors.isEmpty else { return }
        dataCache?.remove(processedKey(request))
        if configuration.dataCachePolicy == .automatic, let split = request.processors.splitAtFinishingStep {
            var base = request
            base.processors = split.before
            removeCachedImage(for: base)
        }
    }

    /// Drops `request`'s original from the data cache.
    public func removeCachedData(for request: ImageRequest) {
        dataCache?.remove(originalKey(request))
    }

    /// The image from memory, drawn on the image before its finishing step, or from a fresh
    /// processed image on disk, all in the caller's task; only what must be made or loaded joins
    /// a flight (a task of its own, so that one caller's cancellation leaves the others).
    func image(for request: ImageRequest, task: ImageTask?) async throws -> ImageResponse {
        let options = request.options
        let key = request.imageCacheKey
        if !options.contains(.disableMemoryCacheReads), !options.contains(.reloadIgnoringCachedData),
            let bitmap = configuration.imageCache?.image(for: key)
        {
            return ImageResponse(image: bitmap, source: .memory, made: false)
        }
        if configuration.dataCachePolicy == .automatic, let split = request.processors.splitAtFinishingStep {
            // The image before the finishing step is what is kept; the finishing step (a ring)
            // costs microseconds, drawn on each time.
            var base = request
            base.processors = split.before
            let response = try await image(for: base, task: task)
            let bitmap = try process(response.image, with: [split.finishing], url: request.url.absoluteString)
            remember(bitmap, request)
            return ImageResponse(image: bitmap, source: response.source, made: response.made)
        }
        if let found = processedEntry(request), let hit = answer(request, from: found) {
            return hit
        }
        let (priority, progress) = interest(request, task: task)
        return try await requests.run(RequestFlight(key: key, options: options), priority: priority, progress: progress) {
            [self] job in try await load(request, job: job)
        }
    }

    /// `request`'s processed image in the data cache, when the request reads the cache and it
    /// is there.
    private func processedEntry(_ request: ImageRequest) -> (key: CacheKey, entry: CacheEntry)? {
        let options = request.options
        guard !request.processors.isEmpty, !options.contains(.disableDiskCacheReads),
            !options.contains(.reloadIgnoringCachedData), let dataCache
        else { return nil }
        let key = processedKey(request)
        return dataCache.entry(for: key).map { (key, $0) }
    }

    /// `found` as the answer to `request` when it may answer now (fresh, or any age with no
    /// loader or `returnCacheDataDontLoad`) and decodes.
    private func answer(_ request: ImageRequest, from found: (key: CacheKey, entry: CacheEntry)) -> ImageResponse? {
        guard dataLoader == nil || request.options.contains(.returnCacheDataDontLoad) || found.entry.metadata.isFresh(at: Date()),
            let bitmap = decodeProcessed(found.entry, key: found.key)
        else { return nil }
        counters.withLock { $0.processedHits += 1 }
        remember(bitmap, request)
        return ImageResponse(image: bitmap, source: .disk, made: false)
    }

    /// A caller's priority, asked whenever a slot frees (its task's, which may change, or the
    /// request's), and where the download's progress goes.
    private func interest(
        _ request: ImageRequest, task: ImageTask?
    ) -> (Slots.Priority, SharedJob.Progress?) {
        guard let task else {
            let priority = request.priority.rawValue
            return ({ priority }, nil)
        }
        return ({ task.priority.rawValue }, { task.report($0, $1) })
    }

    /// Makes `request`'s image: the job every identical request in flight waits on, at the
    /// highest of their priorities, for its download and its processing alike.
    private func load(_ request: ImageRequest, job: SharedJob) async throws -> ImageResponse {
        let url = request.url.absoluteString
        // Read again in the flight: another one may have stored it since the caller looked.
        let found = processedEntry(request)
        if let found, let hit = answer(request, from: found) {
            return hit
        }
        let processedKey = request.processors.isEmpty ? nil : processedKey(request)
        let original = try await loadOriginal(of: request, priority: { job.priority }, progress: { job.report($0, $1) })
        if let (key, stale) = found, stale.metadata.madeFrom == original.checksum, let bitmap = decodeProcessed(stale, key: key) {
            // Made from the very bytes the origin just confirmed: renewed instead of made again.
            _ = try? dataCache?.renew(stale, for: key, directives: original.directives)
            remember(bitmap, request)
            return ImageResponse(image: bitmap, source: original.source, made: false)
        }
        let bitmap = try await processing.withSlot(priority: { job.priority }) {
            let decoded: Bitmap
            do throws(ImagingError) {
                let decoding = DecodeOptions(
                    minimumShortSide: request.processors.minimumInputSide, limits: configuration.decodingLimits)
                decoded = try ImageDecoder(options: decoding).decode(original.bytes)
            } catch {
                // Damage past the header shows only here: drop the original, so the next load fetches.
                dataCache?.remove(originalKey(request))
                throw Error.decodingFailed(url: url, underlying: error)
            }
            return try process(decoded, with: request.processors, url: url)
        }
        if !request.processors.isEmpty { counters.withLock { $0.processed += 1 } }
        remember(bitmap, request)
        if let processedKey, let dataCache, storesProcessed(bitmap, request), original.directives.mayStore,
            let encoded = try? configuration.processedImageStorage.encoder.encode(bitmap)
        {
            // A processed image lives as long as its original, and records which bytes it came from.
            let metadata = dataCache.metadata(
                .processed, key: processedKey, url: url, contentType: "image/png", madeFrom: original.checksum,
                directives: original.directives)
            try? dataCache.store(encoded, metadata: metadata, for: processedKey)
        }
        return ImageResponse(image: bitmap, source: original.source, made: true)
    }

    /// `image` through `processors` in order, a failure named by the processor that threw.
    private func process(_ image: Bitmap, with processors: [any ImageProcessing], url: String) throws -> Bitmap {
        var image = image
        for processor in processors {
            do {
                image = try processor.process(image)
            } catch {
                throw Error.processingFailed(url: url, processor: processor.identifier, underlying: error)
            }
        }
        return image
    }

    /// Whether the data cache keeps this processed image, as the policy and the request say.
    private func storesProcessed(_ bitmap: Bitmap, _ request: ImageRequest) -> Bool {
        guard !request.options.contains(.disableDiskCacheWrites) else { return false }
        switch configuration.dataCachePolicy {
        case .automatic: return configuration.processedImageStorage.stores(side: max(bitmap.width, bitmap.height))
        case .storeOriginalData: return false
        case .storeEncodedImages, .storeAll: return true
        }
    }

    /// A processed image read back; a damaged one is dropped, and counts as a miss.
    private func decodeProcessed(_ entry: CacheEntry, key: CacheKey) -> Bitmap? {
        guard let bitmap = try? ImageDecoder(options: DecodeOptions(limits: configuration.decodingLimits)).decode(entry.body) else {
            dataCache?.remove(key)
            return nil
        }
        return bitmap
    }

    /// The original as `request`'s options say, joined with any other download of the same one.
    private func loadOriginal(
        of request: ImageRequest, priority: @escaping Slots.Priority, progress: SharedJob.Progress?
    ) async throws -> Original {
        try await loadOriginal(request.url, flight: originalFlight(for: request), priority: priority, progress: progress)
    }

    private func originalFlight(for request: ImageRequest) -> OriginalFlight {
        let options = request.options
        let keepsOriginal = configuration.dataCachePolicy != .storeEncodedImages || request.processors.isEmpty
        return OriginalFlight(
            key: originalKey(request), revalidating: options.contains(.reloadIgnoringCachedData),
            cacheOnly: options.contains(.returnCacheDataDontLoad), readsCache: !options.contains(.disableDiskCacheReads),
            writesCache: !options.contains(.disableDiskCacheWrites) && keepsOriginal)
    }

    /// The original's key: the request's own, or its URL as `Configuration.keys` key it.
    private func originalKey(_ request: ImageRequest) -> CacheKey {
        request.cacheKey.map { CacheKey(["key", $0]) } ?? configuration.keys.key(for: request.url)
    }

    private func processedKey(_ request: ImageRequest) -> CacheKey {
        originalKey(request).appending(request.processors.identifier)
    }

    private func remember(_ bitmap: Bitmap, _ request: ImageRequest) {
        guard !request.options.contains(.disableMemoryCacheWrites) else { return }
        configuration.imageCache?.store(bitmap, for: request.imageCacheKey)
    }
}

/// One load of an original in flight: loads with other options do not join it.
struct OriginalFlight: Sendable, Hashable {
    var key: CacheKey
    var revalidating = false
    var cacheOnly = false
    var readsCache = true
    var writesCache = true
}

/// One request in flight: its image and the options it was asked with.
struct RequestFlight: Sendable, Hashable {
    var key: ImageCacheKey
    var options: ImageRequest.Options
}
