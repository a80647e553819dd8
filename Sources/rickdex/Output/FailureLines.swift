import BlockArt
import LoupePipeline
import UseCases

/// A batch's failures on stderr, one line each, except those the cache itself caused (a full or
/// read-only disk): `APIAccess.close()` says those once, with how many items they touched and
/// what to do, not once an item.
enum FailureLines {
    /// Writes `failures`, each as `what: why`.
    static func write(_ failures: [(what: String, error: any Error)]) {
        for failure in failures where cacheError(failure.error) == nil {
            StandardStreams.error("rickdex: \(TerminalText.sanitize("\(failure.what): \(failure.error)"))\n")
        }
    }

    /// The cache's own failure behind `error`, if it is one.
    private static func cacheError(_ error: any Error) -> DiskCacheError? {
        switch error {
        case let cache as DiskCacheError: cache
        case WarmFailure.failed(let inner): cacheError(inner)
        default: nil
        }
    }
}
