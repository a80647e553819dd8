import LoupePipeline

/// A delegate that keys images by their URL's path alone, whatever the host and port: the
/// loopback server listens on a new port each time, as an adopter's CDN may change hosts. Its
/// `cacheKey(for:pipeline:)` is the seam Nuke's delegate offers for this.
struct PathKeys: ImagePipeline.Delegate {
    func cacheKey(for request: ImageRequest, pipeline: ImagePipeline) -> CacheKey? {
        guard request.cacheKey == nil else { return nil }
        let original = CacheKey(["path", request.url.path])
        return request.processors.isEmpty ? original : original.appending(request.processors.identifier)
    }
}
