import LoupeImaging

extension ImagePipeline {
    /// A pipeline's caches, by request, under the pipeline's own keys, as Nuke's `ImagePipeline.Cache`.
    public struct Cache: Sendable {
        public struct Caches: OptionSet, Sendable, Hashable {
            public let rawValue: Int
            public init(rawValue: Int) { self.rawValue = rawValue }

            public static let memory = Caches(rawValue: 1 << 0)
            public static let disk = Caches(rawValue: 1 << 1)
            public static let all: Caches = [.memory, .disk]
        }

        let pipeline: ImagePipeline

        public subscript(request: ImageRequest) -> Bitmap? {
            get { cachedImage(for: request, caches: .memory) }
            nonmutating set {
                if let newValue {
                    storeCachedImage(newValue, for: request, caches: .memory)
                } else {
                    removeCachedImage(for: request, caches: .memory)
                }
            }
        }

        /// From memory, or decoded from the data cache (any age), as the options let them be read.
        public func cachedImage(for request: ImageRequest, caches: Caches = .all) -> Bitmap? {
            let options = request.options
            if caches.contains(.memory), !options.contains(.disableMemoryCacheReads),
                let image = pipeline.configuration.imageCache?.image(for: makeImageCacheKey(for: request))
            {
                return image
            }
            guard caches.contains(.disk), !options.contains(.disableDiskCacheReads), let data = cachedData(for: request)
            else { return nil }
            return try? ImageDecoder(options: DecodeOptions(limits: pipeline.configuration.decodingLimits)).decode(data)
        }

        public func storeCachedImage(_ image: Bitmap, for request: ImageRequest, caches: Caches = .all) {
            if caches.contains(.memory), !request.options.contains(.disableMemoryCacheWrites) {
                pipeline.configuration.imageCache?.store(image, for: makeImageCacheKey(for: request))
            }
            if caches.contains(.disk), !request.options.contains(.disableDiskCacheWrites),
                let encoded = try? pipeline.configuration.processedImageStorage.encoder.encode(image)
            {
                storeCachedData(encoded, for: request, kind: .processed, contentType: "image/png")
            }
        }

        /// Also drops the image a finishing step is drawn on, under `.storeOriginalDataAndThumbnails`.
        public func removeCachedImage(for request: ImageRequest, caches: Caches = .all) {
            if caches.contains(.memory) { pipeline.configuration.imageCache?.removeImage(for: makeImageCacheKey(for: request)) }
            if caches.contains(.disk) { removeCachedData(for: request) }
            if pipeline.configuration.dataCachePolicy == .storeOriginalDataAndThumbnails,
                let split = request.processors.splitAtFinishingStep
            {
                removeCachedImage(for: request.with(processors: split.before), caches: caches)
            }
        }

        public func containsCachedImage(for request: ImageRequest, caches: Caches = .all) -> Bool {
            (caches.contains(.memory) && pipeline.configuration.imageCache?.image(for: makeImageCacheKey(for: request)) != nil)
                || (caches.contains(.disk) && containsData(for: request))
        }

        /// The original, without processors; the processed image, encoded, with them. Any age.
        public func cachedData(for request: ImageRequest) -> [UInt8]? {
            pipeline.dataCache?.entry(for: makeDataCacheKey(for: request))?.body
        }

        /// Stored with the data cache's default lifetime.
        public func storeCachedData(_ data: [UInt8], for request: ImageRequest) {
            storeCachedData(
                data, for: request, kind: request.processors.isEmpty ? .original : .processed,
                contentType: request.processors.isEmpty ? "application/octet-stream" : "image/png")
        }

        public func containsData(for request: ImageRequest) -> Bool { cachedData(for: request) != nil }

        public func removeCachedData(for request: ImageRequest) {
            pipeline.dataCache?.remove(makeDataCacheKey(for: request))
        }

        public func removeAll(caches: Caches = .all) {
            if caches.contains(.memory) { pipeline.configuration.imageCache?.removeAll() }
            if caches.contains(.disk) { pipeline.dataCache?.removeAll() }
        }

        /// The delegate's `cacheKey(for:pipeline:)`, else `imageID` (or URL) and processors.
        public func makeImageCacheKey(for request: ImageRequest) -> ImageCacheKey {
            if pipeline.hasDelegate, let key = pipeline.delegate.cacheKey(for: request, pipeline: pipeline) {
                return ImageCacheKey(source: key, processors: "")
            }
            return pipeline.ownImageKey(request)
        }

        /// The delegate's `cacheKey(for:pipeline:)`, else `imageID` (or URL) and processors.
        public func makeDataCacheKey(for request: ImageRequest) -> CacheKey {
            guard pipeline.hasDelegate, let key = pipeline.delegate.cacheKey(for: request, pipeline: pipeline) else {
                return pipeline.requestKey(request)
            }
            return CacheKey(key)
        }

        private func storeCachedData(_ data: [UInt8], for request: ImageRequest, kind: EntryKind, contentType: String) {
            guard let dataCache = pipeline.dataCache else { return }
            let key = makeDataCacheKey(for: request)
            let metadata = dataCache.metadata(kind, key: key, url: request.url.absoluteString, contentType: contentType)
            // As Nuke's: a write the cache refuses is the caller's to notice (`containsData`).
            try? dataCache.store(data, metadata: metadata, for: key)
        }
    }
}
