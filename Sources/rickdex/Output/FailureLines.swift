import BlockArt
import ImageCache
import UseCases

/// A batch's failures on stderr: one line each, except those the cache itself caused (a full or
/// read-only disk), which are said once, with how many items they touched and what to do, not
/// once per item.
enum FailureLines {
    /// Writes `failures`, each as `what: why`.
    static func write(_ failures: [(what: String, error: any Error)]) {
        var cacheFailures: [DiskCacheError: Int] = [:]
        for failure in failures {
            if let cache = cacheError(failure.error) {
                cacheFailures[cache, default: 0] += 1
            } else {
                StandardStreams.error("rickdex: \(TerminalText.sanitize("\(failure.what): \(failure.error)"))\n")
            }
        }
        for (error, count) in cacheFailures.sorted(by: { $0.value > $1.value }) {
            var text = "rickdex: \(error): \(count) item\(count == 1 ? "" : "s") could not be cached"
            if let hint = error.hint { text += "\n" + hint }
            StandardStreams.error(TerminalText.sanitizeKeepingLines(text) + "\n")
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
