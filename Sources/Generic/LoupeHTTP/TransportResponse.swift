import FoundationEssentials
import HTTPTypes

/// A complete HTTP response: status, headers and the whole body.
public struct TransportResponse: Sendable {
    public var status: Int
    public var headers: HTTPFields
    public var body: [UInt8]

    public init(status: Int, headers: HTTPFields, body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public func header(_ name: HTTPField.Name) -> String? {
        headers[values: name].first
    }

    /// Whether the same request may succeed later: 429 and every 5xx.
    public var isTransientFailure: Bool {
        status == 429 || (500...599).contains(status)
    }

    /// `Retry-After` as a duration, when given in seconds (the form servers use with 429).
    public var retryAfter: Duration? {
        guard let value = header(.retryAfter), let seconds = Double(value.trimmingHeaderSpace()),
            seconds >= 0
        else { return nil }
        return .milliseconds(Int64(seconds * 1000))
    }
}
