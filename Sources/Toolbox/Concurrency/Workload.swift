#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What bounds a batch of work, and so how many items run at once: the one policy for every
/// bounded window in Rickdex.
package enum Workload: Sendable {
    /// Decoding, resampling, encoding: one item per core; more only adds memory in flight.
    case compute
    /// Requests that mostly wait on a server: as many as one HTTP/2 connection carries at once.
    /// The transport holds back those past what the host's connections carry (8 over HTTP/1.1),
    /// so a slow link is never left idle either way.
    case transfers
    /// Each item fetches and then processes: enough to keep the cores busy while some wait.
    case mixed

    /// Connections to one host over HTTP/1.1: what browsers keep (6-8) and `curl --parallel-max 8` uses.
    package static let connectionsPerHost = 8

    /// Requests at once on one HTTP/2 connection, below the 100 most servers allow
    /// (SETTINGS_MAX_CONCURRENT_STREAMS) and libcurl's default cap: enough to keep a 50 ms link
    /// full (`Benchmarks/compare --latency-link 25`).
    package static let streamsPerConnection = 64

    /// Items at once for this kind of work on this machine.
    package var width: Int {
        let cores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        switch self {
        case .compute: return cores
        case .transfers: return Self.streamsPerConnection
        case .mixed: return max(Self.streamsPerConnection, 2 * cores)
        }
    }
}
