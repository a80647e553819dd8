import LoupeToolbox

/// The requests a transport has in flight, so that a slow one can be shown as it waits (a command
/// line writes `waiting for HOST · 4 s · Ctrl-C stops`, a screen its status line).
///
/// A request counts from when it is sent: a wait for a connection in this process is not the
/// host's, so a request still queued is never shown as waiting for it.
///
/// Thread-safe. `whenIdle` runs on the thread that ends the last request, before its caller sees
/// the answer, so that whatever the wait put on screen is gone before the answer is printed.
public final class RequestActivity: Sendable {
    private struct Request {
        var host: String
        /// When the caller asked for it.
        var asked: ContinuousClock.Instant
        /// When its first attempt went to the host; `nil` while it waits for a connection.
        var sent: ContinuousClock.Instant?
        var attempt = 1
    }

    private struct State {
        var requests: [Int: Request] = [:]
        var next = 0
        /// When the last request ended (an answer, or a failure).
        var lastEnded: ContinuousClock.Instant?
        var whenIdle: (@Sendable () -> Void)?
    }

    private let state = Locked(State())

    public init() {}

    /// Runs `body` each time the last request in flight ends. One observer; a new one replaces it.
    public func whenIdle(_ body: (@Sendable () -> Void)?) {
        state.withLock { $0.whenIdle = body }
    }

    /// The request sent longest ago, when it has waited at least `threshold` for its host and no
    /// other request ended within it (answers still arriving are progress, not a wait to show).
    /// With `since`, only requests asked for then or later: what the user asked for last, not what
    /// an earlier screen left running.
    public func wait(at now: ContinuousClock.Instant, threshold: Duration, since: ContinuousClock.Instant? = nil)
        -> NetworkWait?
    {
        state.withLock { state in
            if let ended = state.lastEnded, now - ended < threshold { return nil }
            guard
                let (oldest, sent) = state.requests.values
                    .compactMap({ request in request.sent.map { (request, $0) } })
                    .filter({ request, _ in since.map { request.asked >= $0 } ?? true })
                    .min(by: { $0.1 < $1.1 }),
                now - sent >= threshold
            else { return nil }
            return NetworkWait(host: oldest.host, seconds: Int((now - sent).seconds), attempt: oldest.attempt)
        }
    }

    /// A request asked for at `now`, not sent yet; its number.
    func begin(host: String, at now: ContinuousClock.Instant) -> Int {
        state.withLock { state in
            state.next += 1
            state.requests[state.next] = Request(host: host, asked: now)
            return state.next
        }
    }

    /// `request`'s first attempt went to its host at `now`: from then on, a wait is the host's.
    func sent(_ request: Int, at now: ContinuousClock.Instant) {
        state.withLock { state in
            if state.requests[request]?.sent == nil { state.requests[request]?.sent = now }
        }
    }

    func attempt(_ number: Int, of request: Int) {
        state.withLock { $0.requests[request]?.attempt = number }
    }

    func end(_ request: Int, at now: ContinuousClock.Instant) {
        let idle = state.withLock { state -> (@Sendable () -> Void)? in
            state.requests[request] = nil
            state.lastEnded = now
            return state.requests.isEmpty ? state.whenIdle : nil
        }
        idle?()
    }
}

/// A request that has waited long enough to say so: for whom, how long, which attempt.
public struct NetworkWait: Sendable, Hashable, CustomStringConvertible {
    /// `host:port`.
    public var host: String
    /// Whole seconds since the request was first sent, retries included.
    public var seconds: Int
    /// The attempt under way, from 1.
    public var attempt: Int

    public init(host: String, seconds: Int, attempt: Int) {
        self.host = host
        self.seconds = seconds
        self.attempt = attempt
    }

    /// `waiting for 127.0.0.1:8917 · 4 s`, and the attempt after the first.
    public var description: String {
        "waiting for \(host) · \(seconds) s" + (attempt > 1 ? " · attempt \(attempt)" : "")
    }
}
