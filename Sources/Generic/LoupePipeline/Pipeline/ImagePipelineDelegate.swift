/// What a pipeline asks its owner, as Nuke's `ImagePipelineDelegate`; every method has a default.
/// Called from many tasks at once, on the pipeline's work: keep each method quick.
public protocol ImagePipelineDelegate: Sendable {
    /// The key of `request`'s image in both caches, processors included; `nil`: the default.
    func cacheKey(for request: ImageRequest, pipeline: ImagePipeline) -> String?

    /// The request about to go to the data loader, changed as it must be (a token, a signed URL).
    func willLoadData(for request: ImageRequest, dataRequest: DataRequest, pipeline: ImagePipeline) async throws -> DataRequest

    func imageTask(_ task: ImageTask, didReceiveEvent event: ImageTask.Event, pipeline: ImagePipeline)
}

extension ImagePipelineDelegate {
    public func cacheKey(for request: ImageRequest, pipeline: ImagePipeline) -> String? { nil }

    public func willLoadData(
        for request: ImageRequest, dataRequest: DataRequest, pipeline: ImagePipeline
    ) async throws -> DataRequest {
        dataRequest
    }

    public func imageTask(_ task: ImageTask, didReceiveEvent event: ImageTask.Event, pipeline: ImagePipeline) {}
}

extension ImagePipeline {
    public typealias Delegate = ImagePipelineDelegate
}

/// The delegate of a pipeline made without one: every default.
struct DefaultDelegate: ImagePipelineDelegate {}
