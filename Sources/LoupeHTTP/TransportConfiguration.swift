/// Limits for every request a transport makes.
public struct TransportConfiguration: Sendable, Hashable {
    /// Time for one attempt, connection and body included.
    public var requestTimeout: Duration
    /// Time for the whole of one `get`, every attempt and the waits between them included (curl's
    /// `--retry-max-time`); `nil`: bounded by the attempts alone.
    public var totalTimeout: Duration?
    /// An instant no request waits past, whenever it started: a command's whole deadline.
    public var deadline: ContinuousClock.Instant?
    /// Bodies larger than this are refused without reading them whole.
    public var maxBodyBytes: Int
    public var retry: RetryPolicy
    public var userAgent: String
    /// A PEM file of CA certificates to trust instead of the system's (`curl --cacert`): a team
    /// proxy's internal CA, a test's own. `nil`: the system's store.
    public var trustedCertificates: String?

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

    /// When a `get` that starts at `start` must be over: the sooner of `deadline` and the start
    /// plus `totalTimeout`; `nil` when neither is set.
    func deadline(startingAt start: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        [deadline, totalTimeout.map { start + $0 }].compactMap { $0 }.min()
    }
}
