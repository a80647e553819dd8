import FoundationEssentials
import LoupeHTTP
import LoupeImaging
import LoupeToolbox
import Synchronization

extension ImagePipeline {
    /// A cancelled caller stops waiting; the others of the same image go on.
    public func image(for request: ImageRequest) async throws(Error) -> ImageResponse {
        do {
            return try await image(for: request, task: nil)
        } catch {
            throw Error(error, url: request.url.absoluteString)
        }
    }

    public func imageTask(with request: ImageRequest) -> ImageTask {
        ImageTask(request: request, observer: { [self] in delegate.imageTask($0, didReceiveEvent: $1, pipeline: self) }) {
            [self] task in try await image(for: request, task: task)
        }
    }

    /// The original bytes of `request`'s image, as served.
    public func data(for request: ImageRequest) async throws(Error) -> Original {
        do {
            return try await loadOriginal(of: request, waiter: nil)
        } catch {
            throw Error(error, url: request.url.absoluteString)
        }
    }

    /// Memory and fresh disk hits answer in the caller's task, with no hop; the rest joins a job.
    func image(for request: ImageRequest, task: ImageTask?) async throws -> ImageResponse {
        if let hit = memoryHit(request) { return hit }
        if configuration.dataCachePolicy == .storeOriginalDataAndThumbnails,
            let split = request.processors.splitAtFinishingStep
        {
            // The image before the finishing step is what is kept; the finishing step (a ring)
            // costs microseconds, drawn on each time.
            let response = try await image(for: request.with(processors: split.before), task: task)
            let bitmap = try process(response.image, with: [split.finishing], url: request.url.absoluteString)
            remember(bitmap, request)
            var finished = response
            finished.image = bitmap
            return finished
        }
        let found = await processedEntry(request)
        if let found, let hit = await answer(request, from: found) {
            remember(hit.image, request)
            return hit
        }
        return try await join(request, found: found, waiter: task, keeps: true)
    }

    private func memoryHit(_ request: ImageRequest) -> ImageResponse? {
        guard !request.options.contains(.reloadRevalidatingCachedData),
            let bitmap = cache.cachedImage(for: request, caches: .memory)
        else { return nil }
        return ImageResponse(image: bitmap, cacheType: .memory)
    }

    /// `keeps`: a caller's, so what is made is kept (an intermediate step's is not, as in Nuke).
    /// `found`: a stale processed image on disk, which the job may renew.
    private func join(
        _ request: ImageRequest, found: (key: CacheKey, entry: CacheEntry)?, waiter: (any Waiting)?, keeps: Bool
    ) async throws -> ImageResponse {
        // Keyed by the request's own key, never the delegate's: a delegate's key may name several
        // steps alike, and a step must not wait on itself.
        let key = RequestFlight(key: ownImageKey(request), options: request.options)
        return try await requests.value(key, priority: request.priority, waiter: waiter, keeps: keeps) { [self] job in
            try await load(request, found: found, job: job)
        }
    }

    private func processedEntry(_ request: ImageRequest) async -> (key: CacheKey, entry: CacheEntry)? {
        let options = request.options
        guard !request.processors.isEmpty, !options.contains(.disableDiskCacheReads),
            !options.contains(.reloadRevalidatingCachedData), let dataCache
        else { return nil }
        let key = cache.makeDataCacheKey(for: request)
        guard let entry = dataCache.entry(for: key) else {
            counters.dataMisses.increment()
            return nil
        }
        return (key, entry)
    }

    /// `found` when it may answer now (fresh, or any age offline) and decodes.
    private func answer(_ request: ImageRequest, from found: (key: CacheKey, entry: CacheEntry)) async -> ImageResponse? {
        guard dataLoader == nil || request.options.contains(.returnCacheDataDontLoad) || found.entry.metadata.isFresh(at: Date()),
            let bitmap = await decodeProcessed(found.entry, key: found.key)
        else { return nil }
        counters.processedHits.increment()
        return ImageResponse(image: bitmap, cacheType: .disk)
    }

    /// The last processor applied to the image of the steps before it, or the original decoded.
    private func load(
        _ request: ImageRequest, found: (key: CacheKey, entry: CacheEntry)?, job: Job<ImageResponse>
    ) async throws -> ImageResponse {
        let url = request.url.absoluteString
        if request.processors.count > 1, let last = request.processors.last {
            let base = request.with(processors: Array(request.processors.dropLast()))
            let before: ImageResponse
            if let hit = memoryHit(base) {
                before = hit
            } else {
                let stale = await processedEntry(base)
                if let stale, let hit = await answer(base, from: stale) {
                    before = hit
                } else {
                    before = try await join(base, found: stale, waiter: job, keeps: false)
                }
            }
            let bitmap = try await processing.run(job) { try process(before.image, with: [last], url: url) }
            counters.processed.increment()
            if await job.keeps { await keep(bitmap, request, directives: .unspecified, madeFrom: nil) }
            var made = before
            (made.image, made.made) = (bitmap, true)
            return made
        }
        let original = try await loadOriginal(of: request, waiter: job)
        if let (key, stale) = found, stale.metadata.madeFrom == original.checksum,
            let bitmap = await decodeProcessed(stale, key: key)
        {
            // Made from the very bytes the origin just confirmed: renewed instead of made again.
            _ = await renewData(stale, for: key, directives: original.directives)
            if await job.keeps { remember(bitmap, request) }
            return ImageResponse(image: bitmap, from: original, made: false)
        }
        let bitmap = try await processing.run(job) {
            let decoded: Bitmap
            do throws(ImagingError) {
                let decoding = DecodeOptions(
                    minimumShortSide: request.processors.minimumInputSide, limits: configuration.decodingLimits)
                decoded = try ImageDecoder(options: decoding).decode(original.bytes)
            } catch {
                // Damage past the header shows only here: drop the original, so the next load fetches.
                dataCache?.remove(cache.makeDataCacheKey(for: request.with(processors: [])))
                throw Error.decodingFailed(url: url, underlying: error)
            }
            return try process(decoded, with: request.processors, url: url)
        }
        if !request.processors.isEmpty { counters.processed.increment() }
        if await job.keeps { await keep(bitmap, request, directives: original.directives, madeFrom: original.checksum) }
        return ImageResponse(image: bitmap, from: original, made: true)
    }

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

    /// In memory, and on disk as the policy says, recording which original it came from.
    private func keep(_ bitmap: Bitmap, _ request: ImageRequest, directives: CacheDirectives, madeFrom: UInt32?) async {
        remember(bitmap, request)
        guard let dataCache, storesEncoded(bitmap, request), directives.mayStore,
            let encoded = try? configuration.processedImageStorage.encoder.encode(bitmap)
        else { return }
        let key = cache.makeDataCacheKey(for: request)
        let metadata = dataCache.metadata(
            .processed, key: key, url: request.url.absoluteString, contentType: "image/png", madeFrom: madeFrom,
            directives: directives)
        await storeData(encoded, metadata: metadata, for: key)
    }

    private func storesEncoded(_ bitmap: Bitmap, _ request: ImageRequest) -> Bool {
        guard !request.options.contains(.disableDiskCacheWrites) else { return false }
        let processed = !request.processors.isEmpty
        switch configuration.dataCachePolicy {
        case .automatic, .storeAll: return processed
        case .storeEncodedImages: return true
        case .storeOriginalData: return false
        case .storeOriginalDataAndThumbnails:
            return processed && configuration.processedImageStorage.stores(side: max(bitmap.width, bitmap.height))
        }
    }

    /// A damaged processed image is dropped, and counts as a miss.
    private func decodeProcessed(_ entry: CacheEntry, key: CacheKey) async -> Bitmap? {
        guard let bitmap = try? ImageDecoder(options: DecodeOptions(limits: configuration.decodingLimits)).decode(entry.body) else {
            dataCache?.remove(key)
            counters.dataMisses.increment()
            return nil
        }
        return bitmap
    }

    private func remember(_ bitmap: Bitmap, _ request: ImageRequest) {
        cache.storeCachedImage(bitmap, for: request, caches: .memory)
    }
}

/// Every load of one original joins it, as Nuke's, unless one revalidates and the other does not.
struct OriginalFlight: Sendable, Hashable {
    var key: CacheKey
    var revalidating = false
}

struct RequestFlight: Sendable, Hashable {
    var key: ImageCacheKey
    var options: ImageRequest.Options
}
