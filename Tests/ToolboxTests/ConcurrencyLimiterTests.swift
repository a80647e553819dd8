import Synchronization
import Testing

@testable import Toolbox

@Suite struct ConcurrencyLimiterTests {
    final class Gauge: Sendable {
        let state = Mutex((now: 0, most: 0))
    }

    /// Shut until `open()`, then open for every waiter, past and future.
    final class Gate: Sendable {
        private let state = Mutex((open: false, waiters: [CheckedContinuation<Void, Never>]()))

        func wait() async {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state in
                    if state.open { return true }
                    state.waiters.append(continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        }

        func open() {
            let waiters = state.withLock { state in
                state.open = true
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume() }
        }
    }

    /// Yields until `condition` holds: counted events, not the wall clock, say when.
    func until(_ condition: () -> Bool) async {
        while !condition() { await Task.yield() }
    }

    @Test func neverRunsMoreThanItsLimit() async throws {
        let limiter = ConcurrencyLimiter(limit: 3)
        let running = Gauge()
        let gate = Gate()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<40 {
                group.addTask {
                    try await limiter.run {
                        running.state.withLock {
                            $0.now += 1
                            $0.most = max($0.most, $0.now)
                        }
                        await gate.wait()
                        running.state.withLock { $0.now -= 1 }
                    }
                }
            }
            await until { limiter.waiting == 37 }
            #expect(limiter.running == 3)
            #expect(running.state.withLock { $0.now } == 3, "three hold the slots; the rest wait")
            gate.open()
            try await group.waitForAll()
        }
        #expect(running.state.withLock { $0.most } == 3)
        #expect(running.state.withLock { $0.now } == 0)
        #expect(limiter.running == 0 && limiter.waiting == 0)
    }

    @Test func aCancelledWaiterLeavesAtOnce() async throws {
        let limiter = ConcurrencyLimiter(limit: 1)
        let gate = Gate()
        let holder = Task { try await limiter.run { await gate.wait() } }
        await until { limiter.running == 1 }
        let waiter = Task { try await limiter.run { 42 } }
        await until { limiter.waiting == 1 }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(limiter.waiting == 0, "the cancelled waiter left the queue")
        gate.open()
        try await holder.value
        // The slot is free again.
        #expect(try await limiter.run { 7 } == 7)
    }
}
