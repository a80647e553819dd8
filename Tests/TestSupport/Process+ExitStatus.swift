import Foundation

extension Process {
    /// Waits for the process to end and returns what `terminationStatus` would: its exit code, or
    /// the signal that ended it.
    ///
    /// `waitpid` on its pid rather than `waitUntilExit`: on Linux, Foundation learns of an exit
    /// when a socket the child inherited closes, and a process started meanwhile from another
    /// thread (a tmux server, say) can inherit that socket too and keep it open, so the wait never
    /// ends (swift-corelibs-foundation#4795; it hung a test here once its server had exited).
    @discardableResult
    public func exitStatus() -> Int32 {
        var status: Int32 = 0
        while true {
            let result = waitpid(processIdentifier, &status, 0)
            if result == processIdentifier { break }
            if result == -1 && errno == EINTR { continue }
            // Foundation reaped it first, so it knows the status.
            waitUntilExit()
            return terminationStatus
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : signal
    }
}
