/// Limits for every HTTP request Rickdex makes.
public struct TransportConfiguration: Sendable, Hashable {
    /// Time for a whole request, connection and body included, per attempt.
    public var requestTimeout: Duration
    /// Bodies larger than this are refused without reading them whole.
    public var maxBodyBytes: Int
    public var retry: RetryPolicy
    public var userAgent: String
    /// A PEM file of CA certificates to trust instead of the system's (`curl --cacert`): a team
    /// proxy's internal CA, a test's own. `nil`: the system's store.
    public var trustedCertificates: String?

    public init(
        requestTimeout: Duration = .seconds(20), maxBodyBytes: Int = 10 << 20, retry: RetryPolicy = RetryPolicy(),
        userAgent: String = "HTTPTransport", trustedCertificates: String? = nil
    ) {
        self.requestTimeout = requestTimeout
        self.maxBodyBytes = maxBodyBytes
        self.retry = retry
        self.userAgent = userAgent
        self.trustedCertificates = trustedCertificates
    }
}
