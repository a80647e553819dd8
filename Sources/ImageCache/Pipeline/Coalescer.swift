import Synchronization
import Toolbox

/// Runs one operation per key at a time: callers asking for a key already in flight wait for
/// the same result instead of starting another.
///
/// The first caller (the leader) runs the operation in its own task, with no task created or
/// thread hop added; the others wait on continuations and get its result. Cancellation reaches
/// the work through the leader's task; a cancelled waiter stops waiting at once, and when the
/// leader is cancelled, a waiter that is not tries again rather than failing.
final class Coalescer<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private typealias Waiter = CheckedContinuation<Result<Value, any Error>?, Never>

    private let flights = Locked<[Key: [(id: Int, continuation: Waiter)]]>([:])
    private let joined = Atomic<Int>(0)
    private let nextWaiter = Atomic<Int>(0)

    /// How many calls joined a flight already under way (for statistics and tests).
    var coalescedCount: Int { joined.load(ordering: .relaxed) }

    /// How many calls wait on flights now (for tests that hold a flight at its loader).
    var waitingCount: Int { flights.withLock { $0.values.reduce(0) { $0 + $1.count } } }

    func run(_ key: Key, _ operation: () async throws -> Value) async throws -> Value {
        while true {
            let leads = flights.withLock { flights -> Bool in
                guard flights[key] == nil else { return false }
                flights[key] = []
                return true
            }
            if leads {
                let result: Result<Value, any Error>
                do {
                    result = .success(try await operation())
                } catch {
                    result = .failure(error)
                }
                let waiters = flights.withLock { $0.removeValue(forKey: key) } ?? []
                for waiter in waiters { waiter.continuation.resume(returning: result) }
                return try result.get()
            }
            // `nil`: the flight ended before this call could join it; look again.
            let id = nextWaiter.add(1, ordering: .relaxed).newValue
            let shared = await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: Waiter) in
                    let joinedFlight = flights.withLock { flights -> Bool in
                        guard flights[key] != nil, !Task.isCancelled else { return false }
                        flights[key]?.append((id, continuation))
                        return true
                    }
                    if !joinedFlight { continuation.resume(returning: nil) }
                }
            } onCancel: {
                let waiter = flights.withLock { flights -> Waiter? in
                    guard let index = flights[key]?.firstIndex(where: { $0.id == id }) else { return nil }
                    return flights[key]?.remove(at: index).continuation
                }
                waiter?.resume(returning: .failure(CancellationError()))
            }
            try Task.checkCancellation()
            guard let shared else { continue }
            joined.add(1, ordering: .relaxed)
            if case .failure(let error) = shared, error is CancellationError, !Task.isCancelled { continue }
            return try shared.get()
        }
    }
}
