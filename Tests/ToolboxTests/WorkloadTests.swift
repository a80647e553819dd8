import Testing

@testable import Toolbox

/// The cores the process may use: the fewest of those online, the affinity mask and the quota.
@Suite struct WorkloadTests {
    @Test func aCgroupQuotaIsCountedInWholeCores() {
        #expect(Workload.Cores.quotaCores(cpuMax: "200000 100000\n") == 2)
        #expect(Workload.Cores.quotaCores(cpuMax: "150000 100000") == 2)
        #expect(Workload.Cores.quotaCores(cpuMax: "50000 100000") == 1)
        #expect(Workload.Cores.quotaCores(cpuMax: "max 100000\n") == nil)
        #expect(Workload.Cores.quotaCores(cpuMax: "") == nil)
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
