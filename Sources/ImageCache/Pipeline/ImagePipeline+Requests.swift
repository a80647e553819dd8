import FoundationEssentials
import Imaging

/// Loading by `ImageRequest`: any processors, any options, as Nuke's `image(for:)`.
extension ImagePipeline {
    /// The image `request` asks for, its processors applied in order: from memory, the processed
    /// image on disk, or made from the original (from disk or the data loader), decoded at the
    /// smallest scale its first processor allows. Identical requests in flight share one load
    /// and one processing; a cancelled caller stops waiting, and the others go on.
    ///
    /// Throws `ImageCacheError` (not cached offline, not an image, undecodable, an HTTP status),
    /// the loader's own error, a processor's own error, or `CancellationError`.
    public func image(for request: ImageRequest) async throws -> ImageResponse {
        let options = request.options
        let key = request.memoryKey
        if !options.contains(.disableMemoryCacheReads), !options.contains(.reloadIgnoringCachedData),
            let bitmap = memory.value(for: key)
        {
            return ImageResponse(image: bitmap, source: .memory, made: false)
        }
        return try await requests.run(RequestFlight(key: key, options: options)) { try await load(request) }
    }

    /// The original bytes of `request`'s image, as served (its processors play no part).
    public func data(for request: ImageRequest) async throws -> Original {
        try await loadOriginal(of: request)
    }

    private func load(_ request: ImageRequest) async throws -> ImageResponse {
        let options = request.options
        let originalKey = request.originalKey(identity)
        let processedKey = request.processors.isEmpty ? nil : originalKey.appending(request.processors.identifier)
        let readsDisk = !options.contains(.disableDiskCacheReads) && !options.contains(.reloadIgnoringCachedData)
        if let processedKey, readsDisk, let cached = disk.entry(for: processedKey),
            dataLoader == nil || options.contains(.returnCacheDataDontLoad) || cached.metadata.isFresh(at: Date()),
            let bitmap = try? ImageDecoder().decode(cached.body)
        {
            remember(bitmap, request)
            return ImageResponse(image: bitmap, source: .disk, made: false)
        }
        let original = try await loadOriginal(of: request)
        let decoded: Bitmap
        do {
            let decoding = DecodeOptions(minimumShortSide: request.processors.minimumInputSide)
            decoded = try ImageDecoder(options: decoding).decode(original.bytes)
        } catch {
            // Damage past the header shows only here: drop the original, so the next load fetches.
            disk.remove(originalKey)
            throw ImageCacheError.undecodable(url: request.url.absoluteString, cause: error)
        }
        let bitmap = try request.processors.reduce(decoded) { try $1.process($0) }
        if !request.processors.isEmpty { counters.withLock { $0.processed += 1 } }
        remember(bitmap, request)
        // Kept on disk as the variants are: small ones, as long as their original may be kept.
        if let processedKey, !options.contains(.disableDiskCacheWrites), original.directives.mayStore,
            variantStorage.stores(diameter: max(bitmap.width, bitmap.height)),
            let encoded = try? variantStorage.encoder.encode(bitmap)
        {
            let metadata = disk.metadata(
                .variant, key: processedKey, url: request.url.absoluteString, contentType: "image/png",
                source: String(original.checksum), directives: original.directives)
            try? disk.store(encoded, metadata: metadata, for: processedKey)
        }
        return ImageResponse(image: bitmap, source: original.source, made: true)
    }

    /// The original as `request`'s options say, joined with any other load of the same one.
    private func loadOriginal(of request: ImageRequest) async throws -> Original {
        let options = request.options
        let key = request.originalKey(identity)
        let flight = OriginalFlight(
            key: key, revalidating: options.contains(.reloadIgnoringCachedData),
            cacheOnly: options.contains(.returnCacheDataDontLoad), readsDisk: !options.contains(.disableDiskCacheReads),
            writesDisk: !options.contains(.disableDiskCacheWrites))
        return try await originals.run(flight) {
            try await loadOriginal(
                request.url, key: key, revalidating: flight.revalidating, cacheOnly: flight.cacheOnly,
                readsDisk: flight.readsDisk, writesDisk: flight.writesDisk)
        }
    }

    private func remember(_ bitmap: Bitmap, _ request: ImageRequest) {
        guard !request.options.contains(.disableMemoryCacheWrites) else { return }
        memory.set(bitmap, for: request.memoryKey, cost: bitmap.pixels.count)
    }
}

/// One load of an original in flight: loads with other options do not join it.
struct OriginalFlight: Sendable, Hashable {
    var key: CacheKey
    var revalidating = false
    var cacheOnly = false
    var readsDisk = true
    var writesDisk = true
}

/// One request in flight: its image and the options it was asked with.
struct RequestFlight: Sendable, Hashable {
    var key: MemoryKey
    var options: ImageRequest.Options
}
