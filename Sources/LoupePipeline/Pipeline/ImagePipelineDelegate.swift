/// What a pipeline asks its owner, request by request, as Nuke's `ImagePipelineDelegate`: each
/// method has a default, so a delegate implements only what it changes.
///
/// ```swift
/// struct Auth: ImagePipeline.Delegate {
///     let token: String
///     func willLoadData(for request: ImageRequest, dataRequest: DataRequest, pipeline: ImagePipeline) async throws -> DataRequest {
///         var dataRequest = dataRequest
///         dataRequest.headers[.authorization] = "Bearer \(token)"
///         return dataRequest
///     }
/// }
/// let pipeline = ImagePipeline(configuration: configuration, delegate: Auth(token: token))
/// ```
///
/// Called from many tasks at once, on the pipeline's work: keep each method quick.
public protocol ImagePipelineDelegate: Sendable {
    /// The key of `request`'s original in the caches, or `nil` for the default: the request's
    /// `cacheKey`, else its URL. Processed images are keyed by it and their processors. Nuke's
    /// returns a `String`; here a key is a `CacheKey` (its parts joined so that no text in one can
    /// act as a separator): `CacheKey("my-key")` is what a `String` would be.
    func cacheKey(for request: ImageRequest, pipeline: ImagePipeline) -> CacheKey?

    /// The request about to go to the data loader, changed as it must be (a header with a token,
    /// a signed URL); throwing fails the image with `Error.dataLoadingFailed`. The default
    /// returns it as it is. Not called when the caches answer.
    func willLoadData(for request: ImageRequest, dataRequest: DataRequest, pipeline: ImagePipeline) async throws -> DataRequest

    /// What happened to a task made by `imageTask(with:)`: its progress, then how it finished.
    func imageTask(_ task: ImageTask, didReceiveEvent event: ImageTask.Event, pipeline: ImagePipeline)
}

extension ImagePipelineDelegate {
    public func cacheKey(for request: ImageRequest, pipeline: ImagePipeline) -> CacheKey? { nil }

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
