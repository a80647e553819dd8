import BlockArt
import LoupePipeline
import LoupeToolbox
import UseCases

/// A batch's failures on stderr, one line each, except those the cache itself caused (a full or
/// read-only disk): `APIAccess.close()` says those once, with how many items they touched and
/// what to do, not once an item. Nor those its stop explains: the stop's own line says it once.
enum FailureLines {
    /// Writes `failures`, each as `what: why`, leaving out those `stop` explains, then its line.
    static func write(_ failures: [BatchFailure], stop: StopLine? = nil) {
        for failure in failures where failure.error as? DiskCacheError == nil {
            if let stop, BatchStop(failure.error) == stop.stop { continue }
            StandardStreams.error("rickdex: \(TerminalText.sanitize("\(failure.item): \(failure.error)"))\n")
        }
        if let stop { StandardStreams.error("rickdex: \(stop)\n") }
    }
}
