/// At most `limit` operations at once; the rest wait, the highest priority first and in arrival
/// order within a priority. A waiter's priority is asked for when a slot frees (outside the lock:
/// it may take locks of its own), so one that changes while it waits moves in the queue; a
/// cancelled waiter leaves at once with `CancellationError`. `Scheduler`'s jobs wait here, and so
/// does work that needs only the bound (processing, requests to one host). Thread-safe.
package final class Slots: Sendable {
    /// A waiter's priority now; higher goes first.
    package typealias Priority = @Sendable () -> Int

    private struct Queued {
        var priority: Priority
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var limit: Int
        var running = 0
        /// Those waiting for a slot, by arrival.
        var queued: [Int: Queued] = [:]
        var arrivals = 0
    }

    private let state: Locked<State>

    /// At most `limit` at once (`Int.max`: no bound).
    package init(limit: Int) {
        state = Locked(State(limit: max(1, limit)))
    }

    package var limit: Int { state.withLock { $0.limit } }
    /// Operations holding a slot now.
    package var running: Int { state.withLock { $0.running } }
    /// Operations waiting for a slot now.
    package var queued: Int { state.withLock { $0.queued.count } }

    /// Allows `limit` at once from now on; a higher limit starts waiters at once, a lower one
    /// lets running operations finish.
    package func setLimit(_ limit: Int) {
        state.withLock { $0.limit = max(1, limit) }
        startQueued()
    }

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
}
