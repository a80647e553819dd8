/// At most `limit` jobs at once; the rest wait in a bucket per priority, taken from the highest
/// non-empty bucket, first come first served within one, as Nuke's `TaskQueue`. A waiter's
/// priority change moves it once to its new bucket; a cancelled waiter leaves at once.
@ImagePipelineActor
final class TaskQueue {
    let limit: Int
    private(set) var running = 0
    /// Waiters' numbers by priority (`ImageRequest.Priority.rawValue`), in order.
    private var buckets = [[Int]](repeating: [], count: ImageRequest.Priority.allCases.count)
    private var waiting: [Int: (priority: ImageRequest.Priority, continuation: CheckedContinuation<Void, any Error>)] = [:]
    private var arrivals = 0

    nonisolated init(limit: Int) {
        self.limit = max(1, limit)
    }

    var queued: Int { waiting.count }

    func queued(at priority: ImageRequest.Priority) -> Int { buckets[priority.rawValue].count }

    /// Runs `body` off this actor once a slot is free, in order of `waiter`'s priority.
    func run<T: Sendable>(_ waiter: any Waiting, _ body: @Sendable () async throws -> T) async throws -> T {
        try await enter(waiter)
        defer { leave() }
        return try await body()
    }

    private func enter(_ waiter: any Waiting) async throws {
        if running < limit, waiting.isEmpty {
            running += 1
            return
        }
        arrivals += 1
        let id = arrivals
        defer { waiter.onPriority = nil }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled { return continuation.resume(throwing: CancellationError()) }
                waiting[id] = (waiter.waitingPriority, continuation)
                buckets[waiter.waitingPriority.rawValue].append(id)
                waiter.onPriority = { [unowned self] in move(id, to: $0) }
            }
        } onCancel: {
            Task { @ImagePipelineActor in self.remove(id)?.resume(throwing: CancellationError()) }
        }
    }

    private func leave() {
        running -= 1
        while running < limit, let bucket = buckets.lastIndex(where: { !$0.isEmpty }) {
            running += 1
            waiting.removeValue(forKey: buckets[bucket].removeFirst())?.continuation.resume()
        }
    }

    /// As Nuke's: a raised waiter goes behind those already at its new priority, a lowered one
    /// ahead of them.
    private func move(_ id: Int, to priority: ImageRequest.Priority) {
        guard let old = waiting[id]?.priority, old != priority else { return }
        buckets[old.rawValue].removeAll { $0 == id }
        if priority < old { buckets[priority.rawValue].insert(id, at: 0) } else { buckets[priority.rawValue].append(id) }
        waiting[id]?.priority = priority
    }

    private func remove(_ id: Int) -> CheckedContinuation<Void, any Error>? {
        guard let waiter = waiting.removeValue(forKey: id) else { return nil }
        buckets[waiter.priority.rawValue].removeAll { $0 == id }
        return waiter.continuation
    }
}
