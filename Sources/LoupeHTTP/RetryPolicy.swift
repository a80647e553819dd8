/// How often and how patiently a request is retried after a transient failure.
///
/// Delays grow exponentially from `baseDelay` with "equal jitter" (half fixed, half random), so
/// many clients retrying at once spread out; a server's `Retry-After` is honored up to
/// `maxRetryAfter`, past which waiting is not worth it and the failure is reported.
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included (1 disables retries).
    public var maxAttempts: Int
    public var baseDelay: Duration
    public var maxDelay: Duration
    public var maxRetryAfter: Duration

    public init(
        maxAttempts: Int = 4, baseDelay: Duration = .milliseconds(200), maxDelay: Duration = .seconds(5),
        maxRetryAfter: Duration = .seconds(30)
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
    }

    /// No retries at all.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// The wait before attempt `attempt + 1`, or `nil` when no further attempt should be made.
    ///
    /// - Parameters:
    ///   - attempt: the attempt that just failed, from 1.
    ///   - retryAfter: the server's `Retry-After`, if it sent one.
    ///   - randomUnit: a number in `0..<1` (the jitter); injected so the rule can be tested.
    public func delay(afterAttempt attempt: Int, retryAfter: Duration?, randomUnit: Double) -> Duration? {
        guard attempt < maxAttempts else { return nil }
        let exponential = baseDelay * (1 << min(attempt - 1, 30))
        let capped = min(exponential, maxDelay)
        let jittered = capped / 2 + (capped / 2) * min(max(randomUnit, 0), 1)
        guard let retryAfter else { return jittered }
        guard retryAfter <= maxRetryAfter else { return nil }
        return max(jittered, retryAfter)
    }
}
