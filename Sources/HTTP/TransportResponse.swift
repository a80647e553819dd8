import FoundationEssentials

/// A complete HTTP response: status, headers and the whole body.
public struct TransportResponse: Sendable {
    public var status: Int
    /// Header names are matched case-insensitively by `header(_:)`.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of a header, or `nil`.
    public func header(_ name: String) -> String? {
        headers.first { HeaderName.matches($0.name, name) }?.value
    }

    /// Whether the same request may succeed later: 429 and every 5xx.
    public var isTransientFailure: Bool {
        status == 429 || (500...599).contains(status)
    }

    /// `Retry-After` as a duration, when given in seconds (the form servers use with 429).
    public var retryAfter: Duration? {
        guard let value = header("Retry-After"), let seconds = Double(value.trimmingHeaderSpace()),
            seconds >= 0
        else { return nil }
        return .milliseconds(Int64(seconds * 1000))
    }
}
