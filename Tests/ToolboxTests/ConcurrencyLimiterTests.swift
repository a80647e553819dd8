import Synchronization
import Testing

@testable import Toolbox

@Suite struct ConcurrencyLimiterTests {
    final class Gauge: Sendable {
        let state = Mutex((now: 0, most: 0))
    }

    @Test func neverRunsMoreThanItsLimit() async throws {
        let limiter = ConcurrencyLimiter(limit: 3)
        let running = Gauge()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<40 {
                group.addTask {
                    try await limiter.run {
                        running.state.withLock {
                            $0.now += 1
                            $0.most = max($0.most, $0.now)
                        }
                        try await Task.sleep(for: .milliseconds(2))
                        running.state.withLock { $0.now -= 1 }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(running.state.withLock { $0.most } == 3)
        #expect(running.state.withLock { $0.now } == 0)
    }

    @Test func aCancelledWaiterLeavesAtOnce() async throws {
        let limiter = ConcurrencyLimiter(limit: 1)
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        let holder = Task { try await limiter.run { for await _ in gate { break } } }
        try await Task.sleep(for: .milliseconds(20))
        let waiter = Task { try await limiter.run { 42 } }
        try await Task.sleep(for: .milliseconds(20))
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        open.yield()
        try await holder.value
        // The slot is free again.
        #expect(try await limiter.run { 7 } == 7)
    }
}
