/// The one place bounded work waits: jobs shared by key, run once for all who ask while one runs,
/// each taking one of `Slots` (at most `limit` at once, highest priority first, in arrival order
/// within a priority) at the highest priority of its waiters.
///
/// Modeled on Nuke's pipeline: one domain owns the state (here a lock, held only to change
/// it), and the work runs outside it. A waiter's priority is asked for when a slot frees, so one
/// that changes while it waits (an `ImageTask`'s) moves in the queue. A cancelled waiter leaves
/// at once with `CancellationError`; a job whose last waiter leaves is cancelled, and the next
/// caller of its key starts afresh.
package final class Scheduler<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    package typealias Priority = Slots.Priority
    package typealias Progress = SharedJob.Progress

    private struct Flight {
        var generation: Int
        var job: SharedJob
        var waiters: [Int: CheckedContinuation<Value, any Error>]
        var work: Task<Void, Never>?
    }

    private struct State {
        var flights: [Key: Flight] = [:]
        var arrivals = 0
        var joined = 0
    }

    private let state = Locked(State())
    /// Where jobs wait for a slot before they run.
    package let slots: Slots

    /// At most `limit` jobs at once (`Int.max`: no bound, jobs shared by key only).
    package init(limit: Int) {
        slots = Slots(limit: limit)
    }

    /// Jobs holding a slot now.
    package var running: Int { slots.running }
    /// Jobs waiting for a slot now.
    package var queued: Int { slots.queued }
    /// Callers waiting on jobs now (for tests that count through gates).
    package var waiting: Int { state.withLock { $0.flights.values.reduce(0) { $0 + $1.waiters.count } } }
    /// Calls that joined a job already under way.
    package var joined: Int { state.withLock { $0.joined } }

    /// The value of the job for `key`: joins the one under way, or starts `operation` in a task
    /// of its own, which takes a slot first (at the highest priority of its waiters). A cancelled
    /// caller stops waiting at once; the job goes on while anyone waits on it.
    package func run(
        _ key: Key, priority: @escaping Priority, progress: Progress? = nil,
        _ operation: @escaping @Sendable (SharedJob) async throws -> Value
    ) async throws -> Value {
        let id = state.withLock { state in
            state.arrivals += 1
            return state.arrivals
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                let started = state.withLock { state -> SharedJob?? in
                    guard !Task.isCancelled else { return nil }
                    if state.flights[key] != nil {
                        state.flights[key]?.waiters[id] = continuation
                        state.flights[key]?.job.add(id, priority: priority, progress: progress)
                        state.joined += 1
                        return .some(nil)
                    }
                    let job = SharedJob()
                    job.add(id, priority: priority, progress: progress)
                    state.flights[key] = Flight(generation: id, job: job, waiters: [id: continuation])
                    return job
                }
                switch started {
                case nil: continuation.resume(throwing: CancellationError())
                case .some(let job?): start(key, generation: id, job: job, operation)
                case .some(nil): break
                }
            }
        } onCancel: {
            let (waiter, orphaned) = state.withLock { state -> (CheckedContinuation<Value, any Error>?, Task<Void, Never>?) in
                guard let waiter = state.flights[key]?.waiters.removeValue(forKey: id) else { return (nil, nil) }
                state.flights[key]?.job.remove(id)
                guard state.flights[key]?.waiters.isEmpty == true else { return (waiter, nil) }
                // No one waits any more: the job goes, so that a later caller starts afresh.
                return (waiter, state.flights.removeValue(forKey: key)?.work)
            }
            waiter?.resume(throwing: CancellationError())
            orphaned?.cancel()
        }
    }

    private func start(_ key: Key, generation: Int, job: SharedJob, _ operation: @escaping @Sendable (SharedJob) async throws -> Value) {
        let work = Task {
            let result: Result<Value, any Error>
            do {
                result = .success(try await slots.withSlot(priority: { job.priority }) { try await operation(job) })
            } catch {
                result = .failure(error)
            }
            let waiters = state.withLock { state -> [CheckedContinuation<Value, any Error>] in
                guard state.flights[key]?.generation == generation else { return [] }
                return state.flights.removeValue(forKey: key).map { Array($0.waiters.values) } ?? []
            }
            for waiter in waiters { waiter.resume(with: result) }
        }
        let orphaned = state.withLock { state -> Bool in
            guard state.flights[key]?.generation == generation else { return true }
            state.flights[key]?.work = work
            return false
        }
        // Every caller left before the work was recorded (or it already ended).
        if orphaned { work.cancel() }
    }
}

/// A `Scheduler`'s job, shared by every caller of its key, as its operation sees it: the priority of those waiting on it, and where
/// its progress goes. One per job, so that a progress report (one a chunk of a download) and a
/// priority asked for at each free slot touch no table shared by every job. Thread-safe.
package final class SharedJob: Sendable {
    /// Bytes received and expected, as a job reports them to its waiters.
    package typealias Progress = @Sendable (_ completed: Int, _ total: Int?) -> Void

    private struct Waiters {
        var priorities: [Int: Slots.Priority] = [:]
        var listeners: [Int: Progress] = [:]
    }

    private let waiters = Locked(Waiters())

    fileprivate init() {}

    fileprivate func add(_ id: Int, priority: @escaping Slots.Priority, progress: Progress?) {
        waiters.withLock { waiters in
            waiters.priorities[id] = priority
            waiters.listeners[id] = progress
        }
    }

    fileprivate func remove(_ id: Int) {
        waiters.withLock { waiters in
            waiters.priorities[id] = nil
            waiters.listeners[id] = nil
        }
    }

    /// The highest priority of the job's waiters now (`Int.min` once none is left). Asked
    /// outside the lock: a waiter's priority may be another job's.
    package var priority: Int {
        let priorities = waiters.withLock { Array($0.priorities.values) }
        return priorities.map { $0() }.max() ?? Int.min
    }

    /// Tells every waiter that listens how far the job has come.
    package func report(_ completed: Int, _ total: Int?) {
        let listeners = waiters.withLock { $0.listeners.isEmpty ? [] : Array($0.listeners.values) }
        for listener in listeners { listener(completed, total) }
    }
}
