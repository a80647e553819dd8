import Glibc

/// What bounds a batch of work, and so how many items run at once: the one policy for every
/// bounded window in the package.
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

    /// Items at once for this kind of work in this process.
    package var width: Int {
        switch self {
        case .compute: return Self.cores.count
        case .transfers: return Self.streamsPerConnection
        case .mixed: return max(Self.streamsPerConnection, 2 * Self.cores.count)
        }
    }

    /// The cores this process may use, and what decided it: the fewest of the machine's online
    /// cores, the CPU affinity mask (`taskset`, `docker --cpuset-cpus`) and the cgroup's CPU
    /// quota (`docker --cpus`, Kubernetes limits, systemd's `CPUQuota=`). Read once.
    package static let cores: Cores = Cores.read()

    package struct Cores: Sendable, CustomStringConvertible {
        /// Cores to plan for, at least 1.
        package var count: Int
        package var online: Int
        /// Cores in the affinity mask; `nil` where it cannot be read.
        package var affinity: Int?
        /// The quota in cores (rounded up); `nil` when there is none.
        package var quota: Int?

        package var description: String {
            var reasons = ["\(online) online"]
            if let affinity { reasons.append("\(affinity) in the affinity mask") }
            if let quota { reasons.append("a cgroup quota of \(quota)") }
            return "\(count) core\(count == 1 ? "" : "s") (\(reasons.joined(separator: ", ")))"
        }

        static func read() -> Cores {
            let online = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
            let affinity = affinityCount()
            let quota = quotaCores(cgroupRoot: "/sys/fs/cgroup", membership: text("/proc/self/cgroup") ?? "")
            return Cores(
                count: max(1, [online, affinity ?? online, quota ?? online].min() ?? online), online: online,
                affinity: affinity, quota: quota)
        }

        /// The CPUs set in this thread's affinity mask (the process's, as it started).
        static func affinityCount() -> Int? {
            // glibc's, which its Swift module does not declare (_GNU_SOURCE); a mask of 1024 CPUs.
            typealias GetAffinity = @convention(c) (Int32, Int, UnsafeMutableRawPointer) -> Int32
            guard let getAffinity = CFunction.load("sched_getaffinity", as: GetAffinity.self) else { return nil }
            var mask = [UInt64](repeating: 0, count: 16)
            let result = mask.withUnsafeMutableBytes { bytes in bytes.baseAddress.map { getAffinity(0, bytes.count, $0) } ?? -1 }
            guard result == 0 else { return nil }
            return mask.reduce(0) { $0 + $1.nonzeroBitCount }
        }

        /// The tightest CPU quota over this process's cgroup and those above it, in cores rounded
        /// up (a 1.5-core quota gets 2 workers, as the JVM counts): cgroup v2's `cpu.max` along the
        /// path `/proc/self/cgroup` names (`0::/path`; a container with its own namespace sees
        /// `0::/`), else cgroup v1's `cpu.cfs_quota_us` over `cpu.cfs_period_us`. `nil`: none.
        package static func quotaCores(cgroupRoot root: String, membership: String) -> Int? {
            if let line = membership.split(separator: "\n").first(where: { $0.hasPrefix("0::") }) {
                var path = String(line.dropFirst(3))
                var quotas: [Int] = []
                while true {
                    let folder = path == "/" || path.isEmpty ? root : root + path
                    if let cores = text(folder + "/cpu.max").flatMap(quotaCores(cpuMax:)) { quotas.append(cores) }
                    guard let slash = path.lastIndex(of: "/"), path != "/" else { break }
                    path = slash == path.startIndex ? "/" : String(path[..<slash])
                }
                return quotas.min()
            }
            guard let quota = text(root + "/cpu/cpu.cfs_quota_us").flatMap({ Int($0.trimmingWhitespace()) }),
                let period = text(root + "/cpu/cpu.cfs_period_us").flatMap({ Int($0.trimmingWhitespace()) })
            else { return nil }
            return cores(quota: quota, period: period)
        }

        /// A cgroup v2 `cpu.max` ("200000 100000": 2 cores; "max 100000": none) in cores.
        package static func quotaCores(cpuMax text: String) -> Int? {
            let fields = text.split(whereSeparator: \.isWhitespace)
            guard fields.count >= 2, let quota = Int(fields[0]), let period = Int(fields[1]) else { return nil }
            return cores(quota: quota, period: period)
        }

        /// `quota` microseconds of CPU every `period`, rounded up to whole cores; `nil` for none (-1).
        private static func cores(quota: Int, period: Int) -> Int? {
            guard quota > 0, period > 0 else { return nil }
            return max(1, (quota + period - 1) / period)
        }

        /// A small kernel file's text (`/proc`, `/sys`), or `nil` when it cannot be read.
        private static func text(_ path: String) -> String? {
            FileSystem.readPrefix(path, count: 4096).map { String(decoding: $0, as: UTF8.self) }
        }
    }
}
