import Testing

@testable import LoupePipeline

@Suite struct MemoryCacheTests {
    func cache(cost: Int = 100, count: Int = 100, entry: Int = 50) -> MemoryCache<String, Int> {
        MemoryCache(limits: MemoryCacheLimits(totalCost: cost, count: count, maxEntryCost: entry))
    }

    @Test func evictsTheLeastRecentlyUsedFirst() {
        let memory = cache(count: 3)
        memory.set(1, for: "a", cost: 1)
        memory.set(2, for: "b", cost: 1)
        memory.set(3, for: "c", cost: 1)
        #expect(memory.value(for: "a") == 1)  // a is now the most recent; b the least
        memory.set(4, for: "d", cost: 1)
        #expect(memory.value(for: "b") == nil)
        #expect(memory.keysByRecency == ["d", "a", "c"])
        memory.set(5, for: "e", cost: 1)
        #expect(memory.keysByRecency == ["e", "d", "a"])
        #expect(memory.statistics.evictions == 2)
    }

    @Test func keepsTheTotalCostUnderItsLimit() {
        let memory = cache(cost: 100)
        for index in 0..<10 { memory.set(index, for: "k\(index)", cost: 30) }
        #expect(memory.statistics.cost == 90)
        #expect(memory.statistics.entries == 3)
        #expect(memory.keysByRecency == ["k9", "k8", "k7"])
    }

    @Test func refusesAnEntryOverThePerEntryCapWithoutEvictingOthers() {
        let memory = cache(entry: 50)
        memory.set(1, for: "small", cost: 10)
        memory.set(2, for: "huge", cost: 51)
        #expect(memory.value(for: "huge") == nil)
        #expect(memory.value(for: "small") == 1)
        #expect(memory.statistics.evictions == 0)
    }

    @Test func replacingAKeyUpdatesItsCost() {
        let memory = cache()
        memory.set(1, for: "a", cost: 40)
        memory.set(2, for: "a", cost: 10)
        #expect(memory.value(for: "a") == 2)
        #expect(memory.statistics.cost == 10)
        #expect(memory.statistics.entries == 1)
    }

    @Test func countsHitsAndMisses() {
        let memory = cache()
        memory.set(1, for: "a", cost: 1)
        _ = memory.value(for: "a")
        _ = memory.value(for: "a")
        _ = memory.value(for: "b")
        #expect(memory.statistics.hits == 2)
        #expect(memory.statistics.misses == 1)
    }

    @Test func survivesConcurrentUseWithinItsLimits() async {
        let memory = cache(cost: 1000, count: 64, entry: 100)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<2000 {
                        let key = "k\((index * 7 + task) % 200)"
                        if memory.value(for: key) == nil { memory.set(index, for: key, cost: index % 40) }
                    }
                }
            }
        }
        let statistics = memory.statistics
        #expect(statistics.entries <= 64)
        #expect(statistics.cost <= 1000)
        #expect(memory.keysByRecency.count == statistics.entries)
    }
}
