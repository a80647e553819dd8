
import Testing

@testable import LoupeToolbox

/// The one scheduler: slots, priority order, coalescing and cancellation, counted through gates
/// (never the clock), and cancellation races looped.
@Suite struct SchedulerTests {

    final class Counter: Sendable {
        let runs = Locked(0)
    }

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
                    try await limiter.withSlot(priority: { 0 }) {
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
        let holder = Task { try await limiter.withSlot(priority: { 0 }) { await gate.wait() } }
        await until { limiter.running == 1 }
        let waiter = Task { try await limiter.withSlot(priority: { 0 }) { 42 } }
        await until { limiter.queued == 1 }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(limiter.queued == 0, "the cancelled waiter left the queue")
        gate.open()
        try await holder.value
        // The slot is free again.
        #expect(try await limiter.withSlot(priority: { 0 }) { 7 } == 7)
    }

    /// One slot held at a gate; then waiters of mixed priorities queue, one at a time.
    @Test func slotsGoHighestPriorityFirstThenInArrivalOrder() async throws {
        let slots = Slots(limit: 1)
        let gate = Gate()
        let order = Recorder<Int>()
        let priorities = [0, 2, 0, 1, 2, 0, 1]
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await slots.withSlot(priority: { 0 }) { await gate.wait() } }
            await until({ slots.running == 1 }, "the holder's slot")
            for (index, priority) in priorities.enumerated() {
                group.addTask { try await slots.withSlot(priority: { priority }) { order.append(index) } }
                await until({ slots.queued == index + 1 }, "waiter \(index) queued")
            }
            gate.open()
            try await group.waitForAll()
        }
        #expect(order.all == [1, 4, 3, 6, 0, 2, 5])
    }

    @Test func aPriorityRaisedWhileWaitingTakesTheNextSlot() async throws {
        let slots = Slots(limit: 1)
        let gate = Gate()
        let order = Recorder<Int>()
        let raised = Counter()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await slots.withSlot(priority: { 0 }) { await gate.wait() } }
            await until({ slots.running == 1 }, "the holder's slot")
            for index in 0..<40 {
                let priority: Slots.Priority
                if index == 30 { priority = { raised.runs.withLock { $0 } } } else { priority = { 1 } }
                group.addTask { try await slots.withSlot(priority: priority) { order.append(index) } }
                await until({ slots.queued == index + 1 }, "waiter \(index) queued")
            }
            raised.runs.withLock { $0 = 4 }
            gate.open()
            try await group.waitForAll()
        }
        let seen = order.all
        #expect(seen.first == 30, "the raised waiter goes next")
        #expect(Array(seen.dropFirst()) == Array(0..<30) + Array(31..<40))
    }


    @Test func callersOfOneKeyShareOneRunAndAllHearItsResult() async throws {
        let jobs = Scheduler<String, Int>(limit: 4)
        let gate = Gate()
        let counter = Counter()
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<25 {
                group.addTask {
                    try await jobs.run("a", priority: { 0 }) { _ in
                        counter.runs.withLock { $0 += 1 }
                        await gate.wait()
                        return 42
                    }
                }
            }
            await until({ jobs.waiting == 25 }, "25 callers waiting on the job")
            gate.open()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results == Array(repeating: 42, count: 25))
        #expect(counter.runs.withLock { $0 } == 1)
        #expect(jobs.joined == 24)
    }

    @Test func aJobRunsAtTheHighestPriorityOfItsWaiters() async throws {
        let jobs = Scheduler<String, Int>(limit: 1)
        let gate = Gate()
        let order = Recorder<String>()
        try await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask { try await jobs.run("held", priority: { 0 }) { _ in await gate.wait(); return 0 } }
            await until({ jobs.running == 1 }, "the held job")
            for (count, key) in ["b", "c"].enumerated() {
                group.addTask { try await jobs.run(key, priority: { 1 }) { _ in order.append(key); return 1 } }
                await until({ jobs.queued == count + 1 }, "job \(key) queued")
            }
            // A second caller of c, more urgent, lifts the whole job.
            group.addTask { try await jobs.run("c", priority: { 3 }) { _ in 9 } }
            await until({ jobs.joined == 1 }, "the second caller of c")
            gate.open()
            try await group.waitForAll()
        }
        #expect(order.all == ["c", "b"])
    }

    @Test func progressReachesEveryWaiterOfAJob() async throws {
        let jobs = Scheduler<String, Int>(limit: 1)
        let gate = Gate()
        let heard = Recorder<Int>()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for caller in 0..<3 {
                group.addTask {
                    try await jobs.run("a", priority: { 0 }, progress: { completed, _ in heard.append(caller * 100 + completed) }) { job in
                        await gate.wait()
                        job.report(7, 10)
                        return 1
                    }
                }
            }
            await until({ jobs.waiting == 3 }, "three callers")
            gate.open()
            try await group.waitForAll()
        }
        #expect(heard.all.sorted() == [7, 107, 207])
    }

    /// Cancelling the last waiter cancels the job, which leaves its queue; the next caller starts
    /// afresh. Looped, so that the cancellation lands at every point of the race.
    @Test func cancellationRacesEndEveryWaiterOnceAndLeaveNothingBehind() async throws {
        let jobs = Scheduler<Int, Int>(limit: 2)
        for round in 0..<2000 {
            let key = round % 3
            let callers = (0..<3).map { _ in
                Task { try await jobs.run(key, priority: { 0 }) { _ in try await Task.sleep(for: .microseconds(50)); return key } }
            }
            callers[round % 3].cancel()
            if round % 2 == 0 { for caller in callers { caller.cancel() } }
            for caller in callers {
                do {
                    #expect(try await caller.value == key)
                } catch {
                    #expect(error is CancellationError)
                }
            }
        }
        #expect(jobs.waiting == 0 && jobs.queued == 0 && jobs.running == 0)
    }
}
