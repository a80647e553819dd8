import Logging
import RickAndMortyAPI

extension Logger {
    /// Debug lines on stderr with `--verbose`, nothing otherwise.
    static func forCommandLine(verbose: Bool) -> Logger {
        guard verbose else { return .disabled }
        var logger = Logger(label: "rickdex") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .debug
        return logger
    }
}
