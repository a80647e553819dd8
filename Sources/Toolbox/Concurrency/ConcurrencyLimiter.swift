/// At most `limit` operations at once; the rest wait in order. A waiter that is cancelled
/// leaves the queue at once with `CancellationError`. The limit may be raised while it runs.
package final class ConcurrencyLimiter: Sendable {
    private struct State {
        var limit: Int
        var running = 0
        var nextID = 0
        var waiters: [(id: Int, continuation: CheckedContinuation<Void, any Error>)] = []
    }

    private let state: Locked<State>

    package init(limit: Int) {
        state = Locked(State(limit: max(1, limit)))
    }

    /// Operations allowed at once.
    package var limit: Int { state.withLock { $0.limit } }

    /// Operations running now.
    package var running: Int { state.withLock { $0.running } }

    /// Operations waiting for a slot now.
    package var waiting: Int { state.withLock { $0.waiters.count } }

    /// Allows `limit` at once from now on, starting waiters at once when it is higher. A lower
    /// limit lets running operations finish and holds the next ones back.
    package func setLimit(_ limit: Int) {
        let started = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.limit = max(1, limit)
            let free = max(0, min(state.limit - state.running, state.waiters.count))
            state.running += free
            defer { state.waiters.removeFirst(free) }
            return state.waiters.prefix(free).map(\.continuation)
        }
        for continuation in started { continuation.resume() }
    }

    package func run<T: Sendable>(_ operation: () async throws -> T) async throws -> T {
        try await acquire()
        defer { release() }
        return try await operation()
    }

    private func acquire() async throws {
        try Task.checkCancellation()
        let id = state.withLock { state -> Int? in
            if state.running < state.limit {
                state.running += 1
                return nil
            }
            state.nextID += 1
            return state.nextID
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let cancelled = state.withLock { state -> Bool in
                    // A slot may have freed while this task was getting here.
                    if state.running < state.limit {
                        state.running += 1
                        continuation.resume()
                        return false
                    }
                    if Task.isCancelled { return true }
                    state.waiters.append((id, continuation))
                    return false
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index).continuation
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    private func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            if state.waiters.isEmpty || state.running > state.limit {
                state.running -= 1
                return nil
            }
            // The slot passes straight to the next waiter.
            return state.waiters.removeFirst().continuation
        }
        next?.resume()
    }
}
