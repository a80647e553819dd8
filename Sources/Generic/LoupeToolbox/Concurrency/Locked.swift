import Glibc

#if DEBUG
import Synchronization
#endif

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
        #if DEBUG
        let count = LockCount.current
        count?.acquired()
        defer { count?.released() }
        #endif
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

#if DEBUG
/// The `Locked` acquisitions of a task and of the tasks it starts (`Task {}` inherits it, a
/// detached task does not), and those taken while another was held on the same thread: counted in
/// debug builds for the tests that hold a path to a number of locks,
/// `LockCount.$current.withValue(count) { … }`.
package final class LockCount: Sendable {
    @TaskLocal package static var current: LockCount?

    private let acquisitions = Atomic(0)
    private let nestings = Atomic(0)
    /// Locks held by the current thread, as a pointer's bits.
    private static let held: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    package init() {}

    package var count: Int { acquisitions.load(ordering: .relaxed) }
    package var nested: Int { nestings.load(ordering: .relaxed) }

    fileprivate func acquired() {
        acquisitions.add(1, ordering: .relaxed)
        let depth = Int(bitPattern: pthread_getspecific(Self.held))
        if depth > 0 { nestings.add(1, ordering: .relaxed) }
        pthread_setspecific(Self.held, UnsafeRawPointer(bitPattern: depth + 1))
    }

    fileprivate func released() {
        pthread_setspecific(Self.held, UnsafeRawPointer(bitPattern: Int(bitPattern: pthread_getspecific(Self.held)) - 1))
    }
}
#endif
