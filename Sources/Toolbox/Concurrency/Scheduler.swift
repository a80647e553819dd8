/// The one place bounded work waits: at most `limit` operations at once, the waiting ones started
/// highest priority first and in arrival order within a priority; and jobs shared by key, run once
/// for all who ask while it runs.
///
/// Modelled on Nuke's pipeline: one domain owns the state (here a lock, held only to change
/// it), and the work runs outside it. A waiter's priority is asked for when a slot frees, so one
/// that changes while it waits (an `ImageTask`'s) moves in the queue. A cancelled waiter leaves
/// at once with `CancellationError`; a job whose last waiter leaves is cancelled, and the next
/// caller of its key starts afresh.
package final class Scheduler<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// A waiter's priority now; higher goes first.
    package typealias Priority = @Sendable () -> Int
    /// Bytes received and expected, as a job reports them to its waiters.
    package typealias Progress = @Sendable (_ completed: Int, _ total: Int?) -> Void

    /// A running job, as its operation sees it: the priority of those waiting on it, and where
    /// its progress goes.
    package struct Job: Sendable {
        fileprivate let scheduler: Scheduler
        fileprivate let key: Key
        fileprivate let generation: Int

        /// The highest priority of the job's waiters now (`Int.min` once none is left).
        package var priority: Int { scheduler.priority(of: key, generation) }

        /// Tells every waiter how far the job has come.
        package func report(_ completed: Int, _ total: Int?) {
            for listener in scheduler.listeners(of: key, generation) { listener(completed, total) }
        }
    }

    private struct Waiter {
        var priority: Priority
        var progress: Progress?
        var continuation: CheckedContinuation<Value, any Error>
    }

    private struct Flight {
        var generation: Int
        var waiters: [Int: Waiter]
        var work: Task<Void, Never>?
    }

    private struct Queued {
        var priority: Priority
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var limit: Int
        var running = 0
        /// Those waiting for a slot, by arrival.
        var queued: [Int: Queued] = [:]
        var flights: [Key: Flight] = [:]
        var arrivals = 0
        var joined = 0
    }

    private let state: Locked<State>

    /// At most `limit` at once (`Int.max`: no bound, jobs shared by key only).
    package init(limit: Int) {
        state = Locked(State(limit: max(1, limit)))
    }

    package var limit: Int { state.withLock { $0.limit } }
    /// Operations holding a slot now.
    package var running: Int { state.withLock { $0.running } }
    /// Operations waiting for a slot now.
    package var queued: Int { state.withLock { $0.queued.count } }
    /// Callers waiting on jobs now (for tests that count through gates).
    package var waiting: Int { state.withLock { $0.flights.values.reduce(0) { $0 + $1.waiters.count } } }
    /// Calls that joined a job already under way.
    package var joined: Int { state.withLock { $0.joined } }

    /// Allows `limit` at once from now on; a higher limit starts waiters at once, a lower one
    /// lets running operations finish.
    package func setLimit(_ limit: Int) {
        state.withLock { $0.limit = max(1, limit) }
        startQueued()
    }

    // MARK: Slots

    /// Runs `body` in the caller's task once a slot is free.
    package func withSlot<T>(priority: @escaping Priority, _ body: () async throws -> T) async throws -> T {
        try await acquire(priority)
        defer { release() }
        return try await body()
    }

    private func acquire(_ priority: @escaping Priority) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state -> Int? in
            if state.running < state.limit, state.queued.isEmpty {
                state.running += 1
                return nil
            }
            state.arrivals += 1
            return state.arrivals
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // The handler below takes the lock too: a cancellation lands either here or there.
                let cancelled = state.withLock { state -> Bool in
                    guard !Task.isCancelled else { return true }
                    state.queued[id] = Queued(priority: priority, continuation: continuation)
                    return false
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
                // A slot may have freed between the first look and now.
                startQueued()
            }
        } onCancel: {
            state.withLock { $0.queued.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
        }
    }

    private func release() {
        state.withLock { $0.running -= 1 }
        startQueued()
    }

    /// Gives each free slot to the waiter of the highest priority, the earliest among equals.
    /// Priorities are asked outside the lock (they may take locks of their own).
    private func startQueued() {
        while true {
            let candidates = state.withLock { state -> [(id: Int, priority: Priority)]? in
                guard state.running < state.limit, !state.queued.isEmpty else { return nil }
                return state.queued.map { ($0.key, $0.value.priority) }
            }
            guard let candidates else { return }
            var best = (id: Int.max, priority: Int.min)
            for candidate in candidates {
                let priority = candidate.priority()
                if priority > best.priority || (priority == best.priority && candidate.id < best.id) {
                    best = (candidate.id, priority)
                }
            }
            let chosen = state.withLock { state -> Queued? in
                guard state.running < state.limit, let chosen = state.queued.removeValue(forKey: best.id) else { return nil }
                state.running += 1
                return chosen
            }
            chosen?.continuation.resume()
        }
    }

    // MARK: Jobs

    /// The value of the job for `key`: joins the one under way, or starts `operation` in a task
    /// of its own, which takes a slot first (at the highest priority of its waiters). A cancelled
    /// caller stops waiting at once; the job goes on while anyone waits on it.
    package func run(
        _ key: Key, priority: @escaping Priority, progress: Progress? = nil,
        _ operation: @escaping @Sendable (Job) async throws -> Value
    ) async throws -> Value {
        let id = state.withLock { state in
            state.arrivals += 1
            return state.arrivals
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                let waiter = Waiter(priority: priority, progress: progress, continuation: continuation)
                let starts = state.withLock { state -> Bool? in
                    guard !Task.isCancelled else { return nil }
                    if state.flights[key] != nil {
                        state.flights[key]?.waiters[id] = waiter
                        state.joined += 1
                        return false
                    }
                    state.flights[key] = Flight(generation: id, waiters: [id: waiter])
                    return true
                }
                switch starts {
                case nil: continuation.resume(throwing: CancellationError())
                case true?: start(key, generation: id, operation)
                case false?: break
                }
            }
        } onCancel: {
            let (waiter, orphaned) = state.withLock { state -> (Waiter?, Task<Void, Never>?) in
                guard let waiter = state.flights[key]?.waiters.removeValue(forKey: id) else { return (nil, nil) }
                guard state.flights[key]?.waiters.isEmpty == true else { return (waiter, nil) }
                // No one waits any more: the job goes, so that a later caller starts afresh.
                return (waiter, state.flights.removeValue(forKey: key)?.work)
            }
            waiter?.continuation.resume(throwing: CancellationError())
            orphaned?.cancel()
        }
    }

    private func start(_ key: Key, generation: Int, _ operation: @escaping @Sendable (Job) async throws -> Value) {
        let job = Job(scheduler: self, key: key, generation: generation)
        let work = Task {
            let result: Result<Value, any Error>
            do {
                result = .success(try await withSlot(priority: { job.priority }) { try await operation(job) })
            } catch {
                result = .failure(error)
            }
            let waiters = state.withLock { state -> [Waiter] in
                guard state.flights[key]?.generation == generation else { return [] }
                return state.flights.removeValue(forKey: key).map { Array($0.waiters.values) } ?? []
            }
            for waiter in waiters { waiter.continuation.resume(with: result) }
        }
        let orphaned = state.withLock { state -> Bool in
            guard state.flights[key]?.generation == generation else { return true }
            state.flights[key]?.work = work
            return false
        }
        // Every caller left before the work was recorded (or it already ended).
        if orphaned { work.cancel() }
    }

    private func priority(of key: Key, _ generation: Int) -> Int {
        let priorities = state.withLock { state -> [Priority] in
            guard let flight = state.flights[key], flight.generation == generation else { return [] }
            return flight.waiters.values.map(\.priority)
        }
        return priorities.map { $0() }.max() ?? Int.min
    }

    private func listeners(of key: Key, _ generation: Int) -> [Progress] {
        state.withLock { state in
            guard let flight = state.flights[key], flight.generation == generation else { return [] }
            return flight.waiters.values.compactMap(\.progress)
        }
    }
}
