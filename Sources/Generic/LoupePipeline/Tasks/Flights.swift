/// What waits on a job or a slot: it pushes each priority change to `onPriority`, and hears progress.
@ImagePipelineActor
protocol Waiting: AnyObject, Sendable {
    var waitingPriority: ImageRequest.Priority { get }
    var onPriority: ((ImageRequest.Priority) -> Void)? { get set }
    func report(_ progress: ImageTask.Progress)
}

/// Work every caller of one key waits on, run once at the highest priority of its waiters, which
/// it pushes on to what it waits on in turn (a slot, or another job).
@ImagePipelineActor
final class Job<Value: Sendable>: Waiting {
    fileprivate struct Waiter {
        var priority: ImageRequest.Priority
        var continuation: CheckedContinuation<Value, any Error>
        var listener: (any Waiting)?
    }

    fileprivate var waiters: [Int: Waiter] = [:]
    fileprivate var task: Task<Void, Never>?
    private(set) var waitingPriority = ImageRequest.Priority.veryLow
    var onPriority: ((ImageRequest.Priority) -> Void)?
    /// Whether what the job makes is kept: set by any waiter, as Nuke decides.
    fileprivate(set) var keeps = false

    fileprivate nonisolated init() {}

    fileprivate func setPriority(_ priority: ImageRequest.Priority, of waiter: Int) {
        waiters[waiter]?.priority = priority
        let highest = waiters.values.map(\.priority).max() ?? .veryLow
        guard highest != waitingPriority else { return }
        waitingPriority = highest
        onPriority?(highest)
    }

    func report(_ progress: ImageTask.Progress) {
        for waiter in waiters.values { waiter.listener?.report(progress) }
    }
}

/// The jobs in flight, one per key. A cancelled caller stops waiting at once; a job whose last
/// waiter leaves is cancelled.
@ImagePipelineActor
final class Flights<Key: Hashable & Sendable, Value: Sendable> {
    private var jobs: [Key: Job<Value>] = [:]
    private var arrivals = 0
    let queue: TaskQueue?
    private(set) var joined = 0

    nonisolated init(queue: TaskQueue? = nil) {
        self.queue = queue
    }

    /// For tests that count through gates.
    var waiting: Int { jobs.values.reduce(0) { $0 + $1.waiters.count } }
    var queued: Int { queue?.queued ?? 0 }

    /// `waiter` (else `priority`) sets the priority this call waits at, and hears the progress.
    func value(
        _ key: Key, priority: ImageRequest.Priority, waiter: (any Waiting)?, keeps: Bool,
        _ work: @escaping @Sendable (Job<Value>) async throws -> Value
    ) async throws -> Value {
        arrivals += 1
        let id = arrivals
        defer { waiter?.onPriority = nil }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard !Task.isCancelled else { return continuation.resume(throwing: CancellationError()) }
                let job: Job<Value>
                if let running = jobs[key] {
                    job = running
                    joined += 1
                } else {
                    job = Job()
                    jobs[key] = job
                    job.task = run(key, job, work)
                }
                job.waiters[id] = Job.Waiter(priority: .veryLow, continuation: continuation, listener: waiter)
                job.keeps = job.keeps || keeps
                job.setPriority(waiter?.waitingPriority ?? priority, of: id)
                waiter?.onPriority = { [weak job] in job?.setPriority($0, of: id) }
            }
        } onCancel: {
            Task { @ImagePipelineActor in self.leave(key, id) }
        }
    }

    private func run(_ key: Key, _ job: Job<Value>, _ work: @escaping @Sendable (Job<Value>) async throws -> Value) -> Task<Void, Never> {
        Task {
            let result: Result<Value, any Error>
            do {
                if let queue {
                    result = .success(try await queue.run(job) { try await work(job) })
                } else {
                    result = .success(try await work(job))
                }
            } catch {
                result = .failure(error)
            }
            // A job cancelled (its waiters gone) is no longer the key's.
            guard jobs[key] === job else { return }
            jobs[key] = nil
            for waiter in job.waiters.values { waiter.continuation.resume(with: result) }
        }
    }

    private func leave(_ key: Key, _ id: Int) {
        guard let job = jobs[key], let waiter = job.waiters.removeValue(forKey: id) else { return }
        waiter.continuation.resume(throwing: CancellationError())
        if job.waiters.isEmpty {
            jobs[key] = nil
            job.task?.cancel()
        } else {
            job.setPriority(.veryLow, of: id)
        }
    }
}
