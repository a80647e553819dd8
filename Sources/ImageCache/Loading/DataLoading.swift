import FoundationEssentials

/// Where an image pipeline gets bytes: the seam Nuke calls `DataLoading`. The default is
/// `ImageFetcher` (libcurl through `HTTPTransport`: deadlines, retries, HTTP/2); an adopter
/// loads from anywhere else (a file store, an object store) by conforming.
///
/// Conformers are called from many tasks at once. Identical requests are joined before they get
/// here, so one image is asked for once however many wait on it.
public protocol DataLoading: Sendable {
    /// The bytes of `url`; with `validators` (`If-None-Match`, `If-Modified-Since`), a loader that
    /// can tell answers `.notModified` when the cached copy is still good. Throws what failed
    /// (`HTTPError`, `ImageCacheError.httpStatus`, or the loader's own), or `CancellationError`.
    func loadData(for url: URL, validators: [(String, String)]) async throws -> Download
}
