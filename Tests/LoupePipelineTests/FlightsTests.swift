import LoupeToolbox
import Testing

@testable import LoupePipeline

/// The pipeline's jobs and queues on `ImagePipelineActor`: one run per key for every caller,
/// priorities pushed into per-priority buckets, progress to every waiter, and cancellation races,
/// counted through gates (never the clock).
@Suite struct FlightsTests {
    /// What happened, in order, from any task.
    final class Recorder<Item: Sendable>: Sendable {
        private let items = Locked<[Item]>([])
        func append(_ item: Item) { items.withLock { $0.append(item) } }
        var all: [Item] { items.withLock { $0 } }
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

    /// A caller with a priority of its own, that hears progress.
    @ImagePipelineActor final class Caller: Waiting {
        var waitingPriority: ImageRequest.Priority
        var onPriority: ((ImageRequest.Priority) -> Void)?
        let heard = Recorder<Int>()

        nonisolated init(_ priority: ImageRequest.Priority) { waitingPriority = priority }

        func raise(to priority: ImageRequest.Priority) {
            waitingPriority = priority
            onPriority?(priority)
        }

        nonisolated func report(_ progress: ImageTask.Progress) { heard.append(progress.completed) }
    }

    typealias Jobs = Flights<String, Int>

    func run(_ jobs: Jobs, _ key: String, _ caller: Caller? = nil, _ work: @escaping @Sendable (Job<Int>) async throws -> Int)
        async throws -> Int
    {
        try await jobs.value(key, priority: .normal, waiter: caller, keeps: false, work)
    }

    @Test func callersOfOneKeyShareOneRunAndAllHearItsResult() async throws {
        let jobs = Jobs()
        let gate = Gate()
        let runs = Recorder<Int>()
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<25 {
                group.addTask {
                    try await run(jobs, "a") { _ in
                        runs.append(1)
                        await gate.wait()
                        return 42
                    }
                }
            }
            try await ImageTaskTests.until { await jobs.waiting == 25 }
            gate.open()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results == Array(repeating: 42, count: 25))
        #expect(runs.all.count == 1)
        #expect(await jobs.joined == 24)
    }

    /// A job waits at the highest priority of its waiters: a second, more urgent caller of `c`
    /// lifts the whole job ahead of `b`, and a caller raised while it waits lifts it again.
    @Test func aJobWaitsAtTheHighestPriorityOfItsWaiters() async throws {
        let jobs = Jobs(queue: TaskQueue(limit: 1))
        let gate = Gate()
        let order = Recorder<String>()
        let late = Caller(.low)
        try await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask { try await run(jobs, "held") { _ in await gate.wait(); return 0 } }
            try await ImageTaskTests.until { await jobs.queue?.running == 1 }
            for (count, key) in ["b", "c", "d"].enumerated() {
                group.addTask { try await run(jobs, key, key == "d" ? late : nil) { _ in order.append(key); return 1 } }
                try await ImageTaskTests.until { await jobs.queued == count + 1 }
            }
            group.addTask { try await jobs.value("c", priority: .high, waiter: nil, keeps: false) { _ in 9 } }
            try await ImageTaskTests.until { await jobs.joined == 1 }
            await late.raise(to: .veryHigh)
            #expect(await jobs.queue?.queued(at: .veryHigh) == 1)
            gate.open()
            try await group.waitForAll()
        }
        #expect(order.all == ["d", "c", "b"])
    }

    @Test func progressReachesEveryWaiterOfAJob() async throws {
        let jobs = Jobs()
        let gate = Gate()
        let callers = (0..<3).map { _ in Caller(.normal) }
        try await withThrowingTaskGroup(of: Int.self) { group in
            for caller in callers {
                group.addTask {
                    try await run(jobs, "a", caller) { job in
                        await gate.wait()
                        await job.report(ImageTask.Progress(completed: 7, total: 10))
                        return 1
                    }
                }
            }
            try await ImageTaskTests.until { await jobs.waiting == 3 }
            gate.open()
            try await group.waitForAll()
        }
        for caller in callers { #expect(caller.heard.all == [7]) }
    }

    /// Cancelling the last waiter cancels the job, which leaves its queue; the next caller starts
    /// afresh. Looped, so that the cancellation lands at every point of the race.
    @Test func cancellationRacesEndEveryWaiterOnceAndLeaveNothingBehind() async throws {
        let jobs = Flights<Int, Int>(queue: TaskQueue(limit: 2))
        for round in 0..<2000 {
            let key = round % 3
            let callers = (0..<3).map { _ in
                Task {
                    try await jobs.value(key, priority: .normal, waiter: nil, keeps: false) { _ in
                        try await Task.sleep(for: .microseconds(50))
                        return key
                    }
                }
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
        try await ImageTaskTests.until { await jobs.queue?.running == 0 }
        #expect(await jobs.waiting == 0)
        #expect(await jobs.queued == 0)
    }
}
