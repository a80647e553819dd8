import Synchronization
import Toolbox

/// Runs one operation per key at a time: callers asking for a key already in flight wait for
/// the same result instead of starting another.
///
/// The operation runs in a task of its own, which the callers wait on: a cancelled caller stops
/// waiting at once and the others go on; when the last caller is cancelled the operation is
/// cancelled too, and a caller that comes after starts a new one.
final class Coalescer<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private typealias Waiter = CheckedContinuation<Value, any Error>

    private struct Flight {
        var generation: Int
        var waiters: [Int: Waiter] = [:]
        var work: Task<Void, Never>?
    }

    private let flights = Locked<[Key: Flight]>([:])
    private let joined = Atomic<Int>(0)
    private let nextID = Atomic<Int>(0)

    /// How many calls joined a flight already under way (for statistics and tests).
    var coalescedCount: Int { joined.load(ordering: .relaxed) }

    /// How many calls wait on flights now (for tests that hold a flight at its loader).
    var waitingCount: Int { flights.withLock { $0.values.reduce(0) { $0 + $1.waiters.count } } }

    func run(_ key: Key, _ operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let id = nextID.add(1, ordering: .relaxed).newValue
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: Waiter) in
                let generation = flights.withLock { flights -> Int?? in
                    guard !Task.isCancelled else { return .some(nil) }
                    if flights[key] != nil {
                        flights[key]?.waiters[id] = continuation
                        return nil
                    }
                    flights[key] = Flight(generation: id, waiters: [id: continuation])
                    return .some(id)
                }
                switch generation {
                case nil: joined.add(1, ordering: .relaxed)
                case .some(nil): continuation.resume(throwing: CancellationError())
                case .some(.some(let generation)): start(key, generation: generation, operation)
                }
            }
        } onCancel: {
            let (waiter, orphaned) = flights.withLock { flights -> (Waiter?, Task<Void, Never>?) in
                guard let waiter = flights[key]?.waiters.removeValue(forKey: id) else { return (nil, nil) }
                guard flights[key]?.waiters.isEmpty == true else { return (waiter, nil) }
                // No one waits any more: the flight goes, so that a later caller starts afresh.
                return (waiter, flights.removeValue(forKey: key)?.work)
            }
            waiter?.resume(throwing: CancellationError())
            orphaned?.cancel()
        }
    }

    private func start(_ key: Key, generation: Int, _ operation: @escaping @Sendable () async throws -> Value) {
        let work = Task {
            let result: Result<Value, any Error>
            do {
                result = .success(try await operation())
            } catch {
                result = .failure(error)
            }
            let waiters = flights.withLock { flights -> [Waiter] in
                guard flights[key]?.generation == generation else { return [] }
                return flights.removeValue(forKey: key).map { Array($0.waiters.values) } ?? []
            }
            for waiter in waiters { waiter.resume(with: result) }
        }
        let orphaned = flights.withLock { flights -> Bool in
            guard flights[key]?.generation == generation else { return true }
            flights[key]?.work = work
            return false
        }
        // Every caller was cancelled before the work was recorded (or it already ended).
        if orphaned { work.cancel() }
    }
}
