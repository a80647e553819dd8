/// Limits for every request a transport makes.
public struct TransportConfiguration: Sendable, Hashable {
    /// Time for one attempt, connection and body included, from when it is sent (a wait for a
    /// connection slot in this process is not counted).
    public var requestTimeout: Duration
    /// Time for the whole of one `get`, every attempt and the waits between them included (curl's
    /// `--retry-max-time`), from when its first attempt is sent; `nil`: bounded by the attempts
    /// alone.
    public var totalTimeout: Duration?
    /// An instant no request waits past, whenever it started, in a queue or at the server: a
    /// command's whole deadline.
    public var deadline: ContinuousClock.Instant?
    /// Bodies larger than this are refused without reading them whole.
    public var maxBodyBytes: Int
    public var retry: RetryPolicy
    public var userAgent: String
    /// A PEM file of CA certificates to trust instead of the system's (`curl --cacert`): a team
    /// proxy's internal CA, a test's own. `nil`: the system's store.
    public var trustedCertificates: String?
    /// Credentials for one host, sent to it alone; `nil`: none.
    public var login: HostLogin?
    /// The hosts a redirect may lead to, besides the host it came from; `nil`: any. Redirects
    /// are followed hop by hop (at most `maxRedirects`), each checked here before a byte goes
    /// to it, so an answer cannot send the client to a host it was not meant to reach.
    public var redirectHosts: HostList?
    /// The most redirects one request follows.
    public var maxRedirects = 5
    /// The libcurl to load (a path or a soname); `nil`: libcurl.so.4, else libcurl-gnutls.so.4.
    /// The first request of the process loads it, and its choice holds for the process.
    public var libcurlPath: String?

    public init(
        requestTimeout: Duration = .seconds(20), totalTimeout: Duration? = nil, deadline: ContinuousClock.Instant? = nil,
        maxBodyBytes: Int = 10 << 20, retry: RetryPolicy = RetryPolicy(), userAgent: String = "LoupeHTTP",
        trustedCertificates: String? = nil
    ) {
        self.requestTimeout = requestTimeout
        self.totalTimeout = totalTimeout
        self.deadline = deadline
        self.maxBodyBytes = maxBodyBytes
        self.retry = retry
        self.userAgent = userAgent
        self.trustedCertificates = trustedCertificates
    }
}

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
