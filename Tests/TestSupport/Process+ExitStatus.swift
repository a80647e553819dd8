import Foundation

extension Process {
    /// Waits for the process to end and returns how: its exit code and `.exit`, or the signal that
    /// ended it and `.uncaughtSignal`.
    ///
    /// `waitpid` on its pid rather than `waitUntilExit`: on Linux, Foundation learns of an exit
    /// when a socket the child inherited closes, and a process started meanwhile from another
    /// thread (a tmux server, say) can inherit that socket too and keep it open, so the wait never
    /// ends (swift-corelibs-foundation#4795; it hung a test here once its server had exited).
    /// Once this has reaped the process, Foundation's own `terminationReason` may not know the
    /// real one (its `waitpid` then fails and it records an exit), so ask this, not Foundation.
    @discardableResult
    package func waitForTermination() -> (status: Int32, reason: TerminationReason) {
        var status: Int32 = 0
        while true {
            let result = waitpid(processIdentifier, &status, 0)
            if result == processIdentifier { break }
            if result == -1 && errno == EINTR { continue }
            // Foundation reaped it first, so it knows how it ended.
            waitUntilExit()
            return (terminationStatus, terminationReason)
        }
        release()
        let signal = status & 0x7f
        return signal == 0 ? ((status >> 8) & 0xff, .exit) : (signal, .uncaughtSignal)
    }

    /// Lets the process object go once Foundation has seen the exit, as `waitUntilExit` would
    /// have: until then its run-loop source and the process hold each other, and so its pipes
    /// (three descriptors a process; at about 1,350 open, Foundation's `Process.run` of Swift 6.3
    /// reads past its `/proc/self/fd` buffer and crashes, swift-corelibs-foundation#5472).
    /// Within a bound, so a socket held by another child (#4795) costs a leak, not a hang.
    private func release() {
        let deadline = ContinuousClock.now + .seconds(2)
        while isRunning, ContinuousClock.now < deadline { usleep(1_000) }
        if !isRunning { waitUntilExit() }
    }

    /// Waits for the process to end and returns what `terminationStatus` would: its exit code, or
    /// the signal that ended it (see `waitForTermination()`).
    @discardableResult
    package func exitStatus() -> Int32 { waitForTermination().status }
}
