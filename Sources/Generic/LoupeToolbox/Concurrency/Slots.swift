/// At most `limit` operations at once; the rest wait, first come first served, and a cancelled
/// waiter leaves at once with `CancellationError`: `HTTPTransport`'s connections to one host.
/// (The image pipeline's queues, by priority, are its own: `ImagePipelineActor`.) Thread-safe.
package final class Slots: Sendable {
    private struct State {
        var limit: Int
        var running = 0
        var queued: [Int: CheckedContinuation<Void, any Error>] = [:]
        var arrivals = 0
    }

    private let state: Locked<State>

    package init(limit: Int) {
        state = Locked(State(limit: max(1, limit)))
    }

    package var limit: Int { state.withLock { $0.limit } }
    package var running: Int { state.withLock { $0.running } }
    package var queued: Int { state.withLock { $0.queued.count } }

    /// Allows `limit` at once from now on: a higher limit starts waiters at once, a lower one lets
    /// running operations finish.
    package func setLimit(_ limit: Int) {
        resume(state.withLock { state in
            state.limit = max(1, limit)
            return Self.startable(&state)
        })
    }

    /// Runs `body` in the caller's task once a slot is free.
    package func withSlot<T>(_ body: () async throws -> T) async throws -> T {
        try Task.checkCancellation()
        let id = state.withLock { state -> Int? in
            if state.running < state.limit, state.queued.isEmpty {
                state.running += 1
                return nil
            }
            state.arrivals += 1
            return state.arrivals
        }
        if let id {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    // The handler below takes the lock too: a cancellation lands either here or there.
                    let (cancelled, started) = state.withLock { state -> (Bool, [CheckedContinuation<Void, any Error>]) in
                        guard !Task.isCancelled else { return (true, []) }
                        state.queued[id] = continuation
                        // A slot may have freed between the first look and now.
                        return (false, Self.startable(&state))
                    }
                    if cancelled { continuation.resume(throwing: CancellationError()) }
                    resume(started)
                }
            } onCancel: {
                state.withLock { $0.queued.removeValue(forKey: id) }?.resume(throwing: CancellationError())
            }
        }
        defer {
            resume(state.withLock { state in
                state.running -= 1
                return Self.startable(&state)
            })
        }
        return try await body()
    }

    /// The waiters that free slots go to, earliest first, counted as running.
    private static func startable(_ state: inout State) -> [CheckedContinuation<Void, any Error>] {
        var started: [CheckedContinuation<Void, any Error>] = []
        while state.running < state.limit, let first = state.queued.keys.min() {
            state.running += 1
            if let waiter = state.queued.removeValue(forKey: first) { started.append(waiter) }
        }
        return started
    }

    private func resume(_ waiters: [CheckedContinuation<Void, any Error>]) {
        for waiter in waiters { waiter.resume() }
    }
}
