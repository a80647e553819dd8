/// A request that has waited long enough to say so: for whom, how long, which attempt.
public struct NetworkWait: Sendable, Hashable, CustomStringConvertible {
    /// `host:port`.
    public var host: String
    /// Whole seconds since the request began, retries included.
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
