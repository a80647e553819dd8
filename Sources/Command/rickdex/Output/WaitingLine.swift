import FoundationEssentials
import LoupeHTTP
import LoupeToolbox
import TerminalKit

/// `waiting for 127.0.0.1:8917 · 4 s · Ctrl-C stops` on stderr while a request has waited a
/// second or more with nothing else arriving, redrawn as the seconds pass; on a terminal only.
/// Gone as soon as the last request ends, before its answer is printed.
final class WaitingLine: Sendable {
    /// How long a wait goes unsaid: a person notices a pause past about a second.
    static let threshold = Duration.seconds(1)

    private let activity: RequestActivity
    /// Whether the line is on screen; its lock also orders drawing against clearing.
    private let shown = Locked(false)
    private let ticker = Locked<Task<Void, Never>?>(nil)

    /// `nil` when stderr is not a terminal.
    init?(
        activity: RequestActivity,
        enabled: Bool = TerminalDevice.standardError.isTerminal && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    ) {
        guard enabled else { return nil }
        self.activity = activity
        activity.whenIdle { [weak self] in self?.clear() }
        ticker.withLock { ticker in
            ticker = Task { [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(250))
                    self?.draw()
                }
            }
        }
    }

    /// Stops drawing and clears the line.
    func stop() {
        ticker.withLock { $0?.cancel() }
        activity.whenIdle(nil)
        clear()
    }

    private func draw() {
        shown.withLock { shown in
            // Asked under the lock: a request that ended since cannot be drawn after its clearing.
            guard let wait = activity.wait(at: .now, threshold: Self.threshold) else { return }
            StandardStreams.error("\r\u{1B}[2K\(wait) · Ctrl-C stops")
            shown = true
        }
    }

    private func clear() {
        shown.withLock { shown in
            guard shown else { return }
            StandardStreams.error("\r\u{1B}[2K")
            shown = false
        }
    }
}
