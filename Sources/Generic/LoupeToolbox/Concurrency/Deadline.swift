import Glibc

/// An instant after which a batch's work stops (a command's whole `--timeout`), kept on time:
/// work run `within` it is cancelled at the instant by a thread of its own, since a task
/// sleeping until then would wait its turn behind Swift concurrency's threads, busy with the
/// work itself. Work that ends at the instant on its own and says how (a request, which its
/// transport ends then, telling one sent from one that never left) runs `exempt` from that
/// cancellation. Thread-safe.
package final class Deadline: Sendable {
    /// The instant; `nil`: none, and work runs as it would without.
    package let instant: ContinuousClock.Instant?
    /// Whether the instant came while work ran `within` it (and that work was cancelled).
    private let passed = Locked(false)

    package init(_ instant: ContinuousClock.Instant?) {
        self.instant = instant
    }

    /// Whether the instant is past.
    package var hasPassed: Bool { instant.map { ContinuousClock.now >= $0 } ?? false }

    /// Runs `operation` as a task cancelled at the instant if it is still running then, and
    /// returns what it returns (done in time, or ended by the cancellation, as its result says).
    /// A cancellation of the caller's reaches it too.
    package func within<T: Sendable>(_ operation: @escaping @Sendable () async -> T) async -> T {
        guard let instant else { return await operation() }
        let work = Task { await operation() }
        let over = Locked(false)
        BackgroundThread.start(name: "deadline") { [instant, passed] in
            // In slices, so that the thread ends soon after work that ends early.
            while !over.withLock({ $0 }) {
                let left = instant - ContinuousClock.now
                guard left > .zero else {
                    passed.withLock { $0 = true }
                    work.cancel()
                    return
                }
                var slice = timespec(tv_sec: 0, tv_nsec: Int(min(left, .milliseconds(100)).nanoseconds))
                nanosleep(&slice, nil)
            }
        }
        defer { over.withLock { $0 = true } }
        return await withTaskCancellationHandler {
            await work.value
        } onCancel: {
            work.cancel()
        }
    }

    /// Runs `operation` untouched by the deadline's cancellation of the work around it, so that
    /// it ends on its own and says how; a cancellation of the caller's own before the instant
    /// still reaches it.
    package func exempt<T: Sendable>(_ operation: @escaping @Sendable () async -> T) async -> T {
        guard instant != nil else { return await operation() }
        let work = Task { await operation() }
        return await withTaskCancellationHandler {
            await work.value
        } onCancel: { [passed] in
            if !passed.withLock({ $0 }) { work.cancel() }
        }
    }
}

extension Duration {
    /// The whole nanoseconds, for a system call (`timespec`'s part under a second).
    fileprivate var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
