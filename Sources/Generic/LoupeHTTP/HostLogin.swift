import FoundationEssentials

/// Who a client is to one host: a user name and password, or a netrc file (`curl --netrc-file`).
/// Given only to a transfer to that host; each redirect hop is a transfer of its own.
public struct HostLogin: Sendable, Hashable {
    /// `host:port`, the port written even when it is the scheme's default.
    public var host: String
    /// From the URL the user gave (`https://user:password@host/api`).
    public var credentials: Credentials?
    /// A netrc file whose entry for the host gives them, when `credentials` does not.
    public var netrcFile: String?

    public init(host: String, credentials: Credentials? = nil, netrcFile: String? = nil) {
        self.host = host.lowercased()
        self.credentials = credentials
        self.netrcFile = netrcFile
    }
}

/// A user name and password. Printed, logged or dumped, it shows the user alone (`user:***`),
/// as wget prints `*password*`.
public struct Credentials: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    public var user: String
    public var password: String

    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    public var description: String { "\(user):***" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["user": user, "password": "***"]) }
}

/// A set of hosts, each `name` (any port) or `name:port`, that a URL is checked against: where
/// a redirect may lead (`TransportConfiguration.redirectHosts`), where images may come from.
public struct HostList: Sendable, Hashable {
    public let entries: Set<String>

    public init(_ entries: [String]) {
        self.entries = Set(entries.map { $0.lowercased() })
    }

    /// Whether `url`'s host, or its `host:port` (the default port when none is written), is listed.
    public func contains(_ url: URL) -> Bool {
        guard let host = url.host?.lowercased(), !host.isEmpty else { return false }
        return entries.contains(host) || entries.contains(HTTPTransport.hostName(url).lowercased())
    }
}
