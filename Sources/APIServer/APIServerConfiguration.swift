/// Where the loopback server listens and how it misbehaves.
public struct APIServerConfiguration: Sendable, Hashable {
    public var host: String
    /// 0 takes a free port.
    public var port: Int
    public var faults: FaultPlan

    public init(host: String = "127.0.0.1", port: Int = 0, faults: FaultPlan = .none) {
        self.host = host
        self.port = port
        self.faults = faults
    }
}
