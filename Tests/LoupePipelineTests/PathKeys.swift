import LoupePipeline

/// A delegate that keys images by their URL's path alone, whatever the host and port: the
/// loopback server listens on a new port each time, as an adopter's CDN may change hosts. Its
/// `cacheKey(for:pipeline:)` is the seam Nuke's delegate offers for this.
struct PathKeys: ImagePipeline.Delegate {
    func cacheKey(for request: ImageRequest, pipeline: ImagePipeline) -> String? {
        guard request.imageID == nil else { return nil }
        return request.processors.isEmpty ? request.url.path : request.url.path + "#" + request.processors.identifier
    }
}
