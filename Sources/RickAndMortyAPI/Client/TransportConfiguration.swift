/// Limits for every HTTP request Rickdex makes.
public struct TransportConfiguration: Sendable, Hashable {
    /// Time for a whole request, connection and body included, per attempt.
    public var requestTimeout: Duration
    /// Bodies larger than this are refused without reading them whole.
    public var maxBodyBytes: Int
    public var retry: RetryPolicy
    public var userAgent: String

    public init(
        requestTimeout: Duration = .seconds(20), maxBodyBytes: Int = 10 << 20, retry: RetryPolicy = RetryPolicy(),
        userAgent: String = "rickdex/0.1"
    ) {
        self.requestTimeout = requestTimeout
        self.maxBodyBytes = maxBodyBytes
        self.retry = retry
        self.userAgent = userAgent
    }
}
