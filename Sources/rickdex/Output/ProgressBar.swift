import BlockArt
import FoundationEssentials
import LoupePipeline
import LoupeToolbox
import UseCases

/// A one-line progress bar on stderr — done/total, rate, ETA — drawn only when stderr is a
/// terminal, at most ten times a second.
final class ProgressBar: Sendable {
    private struct State {
        var done = 0
        var total: Int
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
        self.state = Locked(State(total: total))
        self.enabled = enabled
    }

    /// `done` of `total`, as a library reports its progress.
    func show(_ done: Int, of total: Int) {
        update {
            $0.done = done
            $0.total = total
        }
    }

    private func update(_ change: (inout State) -> Void) {
        let line = state.withLock { state -> String? in
            change(&state)
            let now = ContinuousClock.now
            guard enabled else { return nil }
            if let last = state.lastDrawn, now - last < .milliseconds(100), state.done < state.total { return nil }
            state.lastDrawn = now
            return render(done: state.done, total: state.total, elapsed: now - started)
        }
        if let line { StandardStreams.error(line) }
    }

    /// Clears the bar's line, so the summary that follows starts clean.
    func finish() {
        guard enabled else { return }
        StandardStreams.error("\r\u{1B}[2K")
    }

    func render(done: Int, total: Int, elapsed: Duration) -> String {
        let width = 24
        let fraction = total == 0 ? 1 : Double(done) / Double(total)
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let seconds = elapsed.seconds
        let rate = seconds > 0 ? Double(done) / seconds : 0
        // No guess before a second and a twentieth of the work: the first items wait on the
        // listing, and a rate from them said 545 s for a 10 s export.
        let settled = seconds >= 1 && done * 20 >= total
        let eta = settled && rate > 0 ? " · ETA \(Int((Double(total - done) / rate).rounded(.up)))s" : ""
        return "\r\u{1B}[2K\(label) \(bar) \(done)/\(total) · \(Int(rate.rounded()))/s\(eta)"
    }
}

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

/// The one line a batch says when it stops starting items: what happened, after how many.
struct StopLine: CustomStringConvertible {
    let stop: BatchStop
    /// `--timeout`, for the deadline's length.
    let timeout: Double?
    /// Avatars done when it stopped.
    let done: Int

    var description: String {
        let after = "after \(done) avatar\(done == 1 ? "" : "s")"
        switch stop {
        case .hostGone(let host, let cause):
            return "\(host) stopped answering \(after) (\(cause))"
        case .deadlinePassed:
            let length = timeout.map { "the \($0.decimalText(places: $0 == $0.rounded() ? 0 : 1)) s deadline (--timeout)" }
            return "\(length ?? "the deadline") passed \(after)"
        }
    }
}
