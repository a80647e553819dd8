import Glibc

/// A value behind a pthread mutex, for state shared between threads where no actor fits (a cache
/// read from synchronous code).
///
/// A pthread mutex rather than `Synchronization.Mutex`: ThreadSanitizer sees `pthread_mutex_*`,
/// but not the futex under `Mutex` on Linux. Thread-safe; `withLock` must not be re-entered from
/// inside its own closure.
package final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is read and written only while `mutex` is held.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock; what it returns is returned.
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
