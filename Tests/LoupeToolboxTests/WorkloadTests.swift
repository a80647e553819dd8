import Foundation
import Testing

@testable import LoupeToolbox

/// The cores the process may use: the fewest of those online, the affinity mask and the quota.
@Suite struct WorkloadTests {
    @Test func aCgroupQuotaIsCountedInWholeCores() {
        #expect(Workload.Cores.quotaCores(cpuMax: "200000 100000\n") == 2)
        #expect(Workload.Cores.quotaCores(cpuMax: "150000 100000") == 2)
        #expect(Workload.Cores.quotaCores(cpuMax: "50000 100000") == 1)
        #expect(Workload.Cores.quotaCores(cpuMax: "max 100000\n") == nil)
        #expect(Workload.Cores.quotaCores(cpuMax: "") == nil)
    }

    /// A group's quota and its parent's: the tighter one counts, wherever it is on the path.
    @Test func theTightestQuotaOnTheCgroupsPathCounts() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cgroup-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/user.slice/app.scope", withIntermediateDirectories: true)
        try "max 100000\n".write(toFile: root + "/cpu.max", atomically: true, encoding: .utf8)
        try "300000 100000\n".write(toFile: root + "/user.slice/cpu.max", atomically: true, encoding: .utf8)
        try "max 100000\n".write(toFile: root + "/user.slice/app.scope/cpu.max", atomically: true, encoding: .utf8)
        let membership = "0::/user.slice/app.scope\n"
        #expect(Workload.Cores.quotaCores(cgroupRoot: root, membership: membership) == 3)
        try "150000 100000\n".write(toFile: root + "/user.slice/app.scope/cpu.max", atomically: true, encoding: .utf8)
        #expect(Workload.Cores.quotaCores(cgroupRoot: root, membership: membership) == 2)
        // A container's own namespace: its group is the root.
        #expect(Workload.Cores.quotaCores(cgroupRoot: root + "/user.slice", membership: "0::/\n") == 3)
        #expect(Workload.Cores.quotaCores(cgroupRoot: root, membership: "0::/\n") == nil)
        // cgroup v1: the quota over the period.
        try FileManager.default.createDirectory(atPath: root + "/cpu", withIntermediateDirectories: true)
        try "250000\n".write(toFile: root + "/cpu/cpu.cfs_quota_us", atomically: true, encoding: .utf8)
        try "100000\n".write(toFile: root + "/cpu/cpu.cfs_period_us", atomically: true, encoding: .utf8)
        #expect(Workload.Cores.quotaCores(cgroupRoot: root, membership: "12:cpu,cpuacct:/docker/abc\n") == 3)
        try "-1\n".write(toFile: root + "/cpu/cpu.cfs_quota_us", atomically: true, encoding: .utf8)
        #expect(Workload.Cores.quotaCores(cgroupRoot: root, membership: "12:cpu,cpuacct:/docker/abc\n") == nil)
    }

    @Test func theCountIsTheFewestOfWhatLimitsIt() {
        let cores = Workload.cores
        #expect(cores.count >= 1)
        #expect(cores.count <= cores.online)
        if let affinity = cores.affinity { #expect(cores.count <= affinity) }
        if let quota = cores.quota { #expect(cores.count <= quota) }
        #expect(Workload.compute.width == cores.count)
    }
}
