import LoupeToolbox

/// The requests a transport has in flight, so that a slow one can be shown as it waits (`waiting
/// for HOST · 4 s · Ctrl-C stops`). A request counts from when it is sent: a wait for a connection
/// in this process is not the host's. Thread-safe.
public final class RequestActivity: Sendable {
    private struct Request {
        var host: String
        var asked: ContinuousClock.Instant
        /// `nil` while it waits for a connection.
        var sent: ContinuousClock.Instant?
        var attempt = 1
    }

    private struct State {
        var requests: [Int: Request] = [:]
        var next = 0
        var lastEnded: ContinuousClock.Instant?
        var whenIdle: (@Sendable () -> Void)?
    }

    private let state = Locked(State())

    public init() {}

    /// Runs `body` each time the last request in flight ends, on that thread before its caller
    /// sees the answer, so a wait shown is gone first. One observer; a new one replaces it.
    public func whenIdle(_ body: (@Sendable () -> Void)?) {
        state.withLock { $0.whenIdle = body }
    }

    /// The request sent longest ago, when it has waited at least `threshold` and no other request
    /// ended within it (answers arriving are progress). With `since`, only requests asked since.
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
