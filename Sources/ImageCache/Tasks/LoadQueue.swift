import Toolbox

/// The pipeline's data loads, at most `limit` at a time, started highest priority first.
///
/// A load is known by its key (one original in flight). Callers say their interest in a key
/// before they wait on it: a load's priority is the highest of its interested callers' (an
/// `ImageTask`'s may change while it waits), and each of them hears its progress. When a slot
/// frees, the waiting load of the highest priority takes it, in arrival order within a priority.
final class LoadQueue<Key: Hashable & Sendable>: Sendable {
    /// One caller's interest in a load: its priority now, and where its progress goes.
    struct Interest: Sendable {
        var priority: @Sendable () -> ImageRequest.Priority
        var progress: (@Sendable (_ completed: Int, _ total: Int?) -> Void)?
    }

    private struct Waiter {
        var key: Key
        var arrival: Int
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var running = 0
        var waiting: [Int: Waiter] = [:]
        var interests: [Key: [Int: Interest]] = [:]
        var arrivals = 0
    }

    let limit: Int
    private let state = Locked(State())

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// How many loads wait for a slot, and how many hold one (for tests that count through gates).
    var waitingCount: Int { state.withLock { $0.waiting.count } }
    var running: Int { state.withLock { $0.running } }

    /// Records `interest` in the load of `key` until `body` returns.
    func withInterest<T>(_ interest: Interest, in key: Key, _ body: () async throws -> T) async rethrows -> T {
        let id = state.withLock { state in
            state.arrivals += 1
            state.interests[key, default: [:]][state.arrivals] = interest
            return state.arrivals
        }
        defer {
            state.withLock { state in
                state.interests[key]?.removeValue(forKey: id)
                if state.interests[key]?.isEmpty == true { state.interests.removeValue(forKey: key) }
            }
        }
        return try await body()
    }

    /// Runs `load` for `key` once a slot is free, telling `key`'s interested callers its progress.
    /// A caller cancelled while it waits leaves the queue with `CancellationError`.
    func run<T>(
        _ key: Key, _ load: (_ progress: @escaping @Sendable (Int, Int?) -> Void) async throws -> T
    ) async throws -> T {
        try await acquire(key)
        defer { release() }
        return try await load { [weak self] completed, total in self?.report(key, completed, total) }
    }

    private func acquire(_ key: Key) async throws {
        let id = state.withLock { state -> Int? in
            if state.running < limit, state.waiting.isEmpty {
                state.running += 1
                return nil
            }
            state.arrivals += 1
            return state.arrivals
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelled = state.withLock { state -> Bool in
                    guard !Task.isCancelled else { return true }
                    state.waiting[id] = Waiter(key: key, arrival: id, continuation: continuation)
                    return false
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
                // A slot may have freed between the first look and now.
                startNext()
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiting.removeValue(forKey: id) }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    private func release() {
        state.withLock { $0.running -= 1 }
        startNext()
    }

    /// Gives free slots to the waiting loads of the highest priority, earliest first.
    private func startNext() {
        while true {
            let next = state.withLock { state -> Waiter? in
                guard state.running < limit, !state.waiting.isEmpty else { return nil }
                let best = state.waiting.values.max { lhs, rhs in
                    let (left, right) = (Self.priority(of: lhs.key, in: state), Self.priority(of: rhs.key, in: state))
                    return left != right ? left < right : lhs.arrival > rhs.arrival
                }!
                state.waiting.removeValue(forKey: best.arrival)
                state.running += 1
                return best
            }
            guard let next else { return }
            next.continuation.resume()
        }
    }

    /// The highest priority of those interested in `key`; `.normal` for a load no one declared.
    private static func priority(of key: Key, in state: State) -> ImageRequest.Priority {
        state.interests[key]?.values.map { $0.priority() }.max() ?? .normal
    }

    private func report(_ key: Key, _ completed: Int, _ total: Int?) {
        let listeners = state.withLock { $0.interests[key]?.values.compactMap(\.progress) } ?? []
        for listener in listeners { listener(completed, total) }
    }
}
