import FoundationEssentials
import HTTPTypes

/// Where an image pipeline gets bytes: the seam Nuke calls `DataLoading`. The default is
/// `ImageFetcher` (libcurl through `HTTPTransport`: deadlines, retries, HTTP/2); an adopter
/// loads from anywhere else (a file store, an object store) by conforming.
///
/// Conformers are called from many tasks at once, within the pipeline's `dataLoadingLimit`.
/// Identical requests are joined before they get here, so one image is asked for once however
/// many wait on it.
public protocol DataLoading: Sendable {
    /// The bytes of `url`; with `validators` (`If-None-Match`, `If-Modified-Since`), a loader that
    /// can tell answers `.notModified` when the cached copy is still good. A loader that can tell
    /// calls `progress` with the bytes received so far and the total it expects; the tasks
    /// waiting on the load hear it. Throws what failed (`HTTPError`, an HTTP status as
    /// `ImagePipeline.Error.statusCodeUnacceptable`, or the loader's own), or `CancellationError`.
    func loadData(
        for url: URL, validators: HTTPFields,
        progress: @escaping @Sendable (_ completed: Int, _ total: Int?) -> Void
    ) async throws -> Download
}
