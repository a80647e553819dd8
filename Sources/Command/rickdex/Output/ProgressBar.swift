import FoundationEssentials
import LoupePipeline
import LoupeToolbox
import TerminalKit
import UseCases

/// A one-line progress bar on stderr — a batch's items done of those asked, those failed, the
/// rate, an ETA — drawn only when stderr is a terminal, at most ten times a second. Its counts
/// are the batch's own (`BatchCount`), so its last state agrees with the summary.
final class ProgressBar: Sendable {
    private struct State {
        var count: BatchCount
        var lastDrawn: ContinuousClock.Instant?
    }

    let label: String
    let enabled: Bool
    private let started = ContinuousClock.now
    private let state: Locked<State>

    init(
        label: String, total: Int,
        enabled: Bool = TerminalDevice.standardError.isTerminal && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    ) {
        self.label = label
        self.state = Locked(State(count: BatchCount(asked: total)))
        self.enabled = enabled
    }

    /// The batch's counts as it reports them.
    func show(_ count: BatchCount) {
        update { $0.count = count }
    }

    private func update(_ change: (inout State) -> Void) {
        let line = state.withLock { state -> String? in
            change(&state)
            let now = ContinuousClock.now
            guard enabled else { return nil }
            let count = state.count
            if let last = state.lastDrawn, now - last < .milliseconds(100), count.notStarted > 0 { return nil }
            state.lastDrawn = now
            return render(count, elapsed: now - started)
        }
        if let line { StandardStreams.error(line) }
    }

    /// Clears the bar's line, so the summary that follows starts clean.
    func finish() {
        guard enabled else { return }
        StandardStreams.error("\r\u{1B}[2K")
    }

    /// `warming ██████░░ 112/826 · 47 failed · 35/s · ETA 19s`: done of asked, and the rate and
    /// ETA of items ended (done or failed).
    func render(_ count: BatchCount, elapsed: Duration) -> String {
        let width = 24
        let (done, total) = (count.done + count.failed, count.asked)
        let fraction = total == 0 ? 1 : min(1, Double(done) / Double(total))
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let seconds = elapsed.seconds
        let rate = seconds > 0 ? Double(done) / seconds : 0
        // No guess before a second and a twentieth of the work: the first items wait on the
        // listing, and a rate from them said 545 s for a 10 s export.
        let settled = seconds >= 1 && done * 20 >= total
        let eta = settled && rate > 0 ? " · ETA \(Int((Double(count.notStarted) / rate).rounded(.up)))s" : ""
        let failed = count.failed > 0 ? " · \(count.failed) failed" : ""
        return "\r\u{1B}[2K\(label) \(bar) \(count.done)/\(total)\(failed) · \(Int(rate.rounded()))/s\(eta)"
    }
}
