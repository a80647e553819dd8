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
    /// The key of the image `request` makes, processors included, in both caches (as Nuke's:
    /// the data cache keeps it as `CacheKey(key)`), or `nil` for the default: the request's
    /// `imageID` (else its URL) and its processors' identifiers.
    func cacheKey(for request: ImageRequest, pipeline: ImagePipeline) -> String?

    /// The request about to go to the data loader, changed as it must be (a header with a token,
    /// a signed URL); throwing fails the image with `Error.dataLoadingFailed`. The default
    /// returns it as it is. Not called when the caches answer.
    func willLoadData(for request: ImageRequest, dataRequest: DataRequest, pipeline: ImagePipeline) async throws -> DataRequest

    /// What happened to a task made by `imageTask(with:)`: its progress, then how it finished.
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
