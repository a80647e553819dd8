#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What bounds a batch of work, and so how many items run at once: the one policy for every
/// bounded window in Rickdex.
public enum Workload: Sendable {
    /// Decoding, resampling, encoding: one item per core; more only adds memory in flight.
    case compute
    /// Requests that mostly wait on a server: as many as the HTTP client keeps connections to one
    /// host, so no request queues for a connection while holding its slot.
    case transfers
    /// Each item fetches and then processes: enough to keep the cores busy while some wait.
    case mixed

    /// Requests at once to one host: what `curl --parallel-max 8` and browsers use, and what one
    /// host's connections in the transport's pool are sized for.
    public static let connectionsPerHost = 8

    /// Items at once for this kind of work on this machine.
    public var width: Int {
        let cores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        switch self {
        case .compute: return cores
        case .transfers: return Self.connectionsPerHost
        case .mixed: return max(Self.connectionsPerHost, 2 * cores)
        }
    }
}
