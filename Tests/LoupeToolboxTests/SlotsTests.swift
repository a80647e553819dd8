
import Testing

@testable import LoupeToolbox

/// `Slots`, `HTTPTransport`'s bound per host: the limit, arrival order, a limit raised, and
/// cancellation, counted through gates (never the clock).
@Suite struct SlotsTests {

    /// What happened, in order, from any task.
    final class Recorder<Item: Sendable>: Sendable {
        private let items = Locked<[Item]>([])
        func append(_ item: Item) { items.withLock { $0.append(item) } }
        var all: [Item] { items.withLock { $0 } }
    }

    final class Gauge: Sendable {
        let state = Locked((now: 0, most: 0))
    }

    /// Shut until `open()`, then open for every waiter, past and future.
    final class Gate: Sendable {
        private let state = Locked((open: false, waiters: [CheckedContinuation<Void, Never>]()))

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

    /// Yields until `condition` holds: counted events, not the wall clock, say when. A condition
    /// that never comes fails after a minute instead of hanging the run.
    func until(_ condition: () -> Bool, _ what: String = "the condition", sourceLocation: SourceLocation = #_sourceLocation) async {
        let giveUp = ContinuousClock.now + .seconds(60)
        while !condition() {
            guard ContinuousClock.now < giveUp else {
                Issue.record("\(what) never came", sourceLocation: sourceLocation)
                return
            }
            await Task.yield()
        }
    }

    @Test func neverRunsMoreThanItsLimit() async throws {
        let limiter = Slots(limit: 3)
        let running = Gauge()
        let gate = Gate()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<40 {
                group.addTask {
                    try await limiter.withSlot {
                        running.state.withLock {
                            $0.now += 1
                            $0.most = max($0.most, $0.now)
                        }
                        await gate.wait()
                        running.state.withLock { $0.now -= 1 }
                    }
                }
            }
            await until { limiter.queued == 37 }
            #expect(limiter.running == 3)
            #expect(running.state.withLock { $0.now } == 3, "three hold the slots; the rest wait")
            gate.open()
            try await group.waitForAll()
        }
        #expect(running.state.withLock { $0.most } == 3)
        #expect(running.state.withLock { $0.now } == 0)
        #expect(limiter.running == 0 && limiter.queued == 0)
    }

    @Test func aCancelledWaiterLeavesAtOnce() async throws {
        let limiter = Slots(limit: 1)
        let gate = Gate()
        let holder = Task { try await limiter.withSlot { await gate.wait() } }
        await until { limiter.running == 1 }
        let waiter = Task { try await limiter.withSlot { 42 } }
        await until { limiter.queued == 1 }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(limiter.queued == 0, "the cancelled waiter left the queue")
        gate.open()
        try await holder.value
        // The slot is free again.
        #expect(try await limiter.withSlot { 7 } == 7)
    }

    /// One slot held at a gate; then waiters queue one at a time, and go in the order they came.
    @Test func waitersGoInArrivalOrder() async throws {
        let slots = Slots(limit: 1)
        let gate = Gate()
        let order = Recorder<Int>()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await slots.withSlot { await gate.wait() } }
            await until({ slots.running == 1 }, "the holder's slot")
            for index in 0..<7 {
                group.addTask { try await slots.withSlot { order.append(index) } }
                await until({ slots.queued == index + 1 }, "waiter \(index) queued")
            }
            gate.open()
            try await group.waitForAll()
        }
        #expect(order.all == Array(0..<7))
    }

    @Test func aHigherLimitStartsWaitersAtOnce() async throws {
        let slots = Slots(limit: 1)
        let gate = Gate()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 { group.addTask { try await slots.withSlot { await gate.wait() } } }
            await until({ slots.running == 1 && slots.queued == 3 }, "one running, three waiting")
            slots.setLimit(3)
            #expect(slots.running == 3 && slots.queued == 1)
            gate.open()
            try await group.waitForAll()
        }
        #expect(slots.running == 0 && slots.queued == 0)
    }
}
