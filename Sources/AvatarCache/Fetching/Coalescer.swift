import Synchronization

/// Runs one operation per key at a time: callers asking for a key already in flight wait for
/// the same result instead of starting another.
///
/// The shared task is cancelled only when every caller waiting on it has been cancelled, so one
/// impatient caller cannot fail the others.
final class Coalescer<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Flight {
        var task: Task<Value, any Error>
        var waiters: Int
    }

    private let flights = Mutex<[Key: Flight]>([:])
    private let joined = Atomic<Int>(0)

    /// How many calls joined a flight already under way (for statistics and tests).
    var coalescedCount: Int { joined.load(ordering: .relaxed) }

    func run(_ key: Key, _ operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let task = flights.withLock { flights -> Task<Value, any Error> in
            if var flight = flights[key] {
                flight.waiters += 1
                flights[key] = flight
                joined.add(1, ordering: .relaxed)
                return flight.task
            }
            let task = Task { try await operation() }
            flights[key] = Flight(task: task, waiters: 1)
            return task
        }
        defer {
            flights.withLock { flights in
                guard var flight = flights[key], flight.task == task else { return }
                flight.waiters -= 1
                flights[key] = flight.waiters == 0 ? nil : flight
            }
        }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            let last = flights.withLock { flights -> Bool in
                guard let flight = flights[key], flight.task == task else { return false }
                return flight.waiters <= 1
            }
            if last { task.cancel() }
        }
    }
}
