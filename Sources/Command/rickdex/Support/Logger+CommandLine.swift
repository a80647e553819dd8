import Logging
import RickAndMortyAPI
import LoupeToolbox

extension Logger {
    /// Debug lines on stderr with `--verbose`, nothing otherwise.
    static func forCommandLine(verbose: Bool) -> Logger {
        guard verbose else { return .disabled }
        var logger = Logger(label: "rickdex") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .debug
        // What every window of work is sized by (Workload), and why.
        logger.debug("using \(Workload.cores)")
        return logger
    }
}
