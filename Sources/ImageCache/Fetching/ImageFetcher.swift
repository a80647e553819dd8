import FoundationEssentials
import HTTP
import Imaging
import Toolbox

/// Downloads images through the project's one `HTTPTransport` (deadline, body cap, retries with
/// backoff on 5xx/429/dropped connections, `Retry-After`, its per-host limit). Identical
/// requests are joined before they get here, by `ImagePipeline`'s coalescer.
///
/// Thread-safe: the counters sit behind a lock.
public final class ImageFetcher: Sendable {
    public let transport: HTTPTransport
    private let counters = Locked<(downloads: Int, bytes: Int64)>((0, 0))

    public init(transport: HTTPTransport) {
        self.transport = transport
    }

    public var downloads: Int { counters.withLock { $0.downloads } }
    public var bytesDownloaded: Int64 { counters.withLock { $0.bytes } }

    /// GETs `url`, conditionally when `validators` are given. Throws `ImageCacheError` for a
    /// status other than 200/304, `HTTPError` for transport failures, or `CancellationError`.
    public func fetch(_ url: URL, validators: [(String, String)] = []) async throws -> Download {
        // An image cut short is retried; bytes that are no image at all are not.
        let response = try await transport.get(url, headers: validators) {
            ImageSniffer.format(of: $0) == nil || ImageSniffer.isComplete($0)
        }
        switch response.status {
        case 200:
            counters.withLock {
                $0.downloads += 1
                $0.bytes += Int64(response.body.count)
            }
            return .body(
                response.body, contentType: response.header("Content-Type"), etag: response.header("ETag"),
                lastModified: response.header("Last-Modified"), directives: CacheDirectives(headers: response.headers))
        case 304 where !validators.isEmpty:
            return .notModified(CacheDirectives(headers: response.headers))
        default:
            throw ImageCacheError.httpStatus(response.status, url: url.absoluteString)
        }
    }
}
