import FoundationEssentials
import LoupePipeline
import LoupeImaging
import UseCases

/// Shorthands the pipeline tests read by: a circle of a URL, an original, the disk tier.
extension ImagePipeline {
    /// `url` as `circle`, through a request (what the views ask).
    package func thumbnail(for url: URL, circle: ImageProcessors.CircleThumbnail, options: ImageRequest.Options = []) async throws
        -> ImageResponse
    {
        try await image(for: ImageRequest(url: url, processors: [circle], options: options))
    }

    /// `url`'s bytes as served.
    package func original(for url: URL, options: ImageRequest.Options = []) async throws -> Original {
        try await data(for: ImageRequest(url: url, options: options))
    }

    /// The data cache, which these tests make a `DiskCache`.
    package var disk: DiskCache {
        (configuration.dataCache as? APIRootedCache)?.disk ?? configuration.dataCache as! DiskCache
    }

    /// The key the pipeline keys `url` by.
    package func key(for url: URL, processors: [any ImageProcessing] = []) -> CacheKey {
        let key = cache.makeDataCacheKey(for: ImageRequest(url: url, processors: processors))
        return (configuration.dataCache as? APIRootedCache)?.rooted(key) ?? key
    }
}
