import Glibc

/// A value of which each thread has its own copy, made on the thread's first use and freed when
/// the thread ends: a memo table read and written from many threads at once with no lock and no
/// shared cache line (a palette's nearest colors, a resampler's filter taps).
///
/// Thread-safe by construction: a thread only ever touches its own copy. `withValue` must not be
/// re-entered for the same instance from inside its own closure.
package final class PerThread<Value>: @unchecked Sendable {
    // @unchecked: `key` is made once and only read; each thread's box is touched by that thread alone.
    private let key: pthread_key_t
    private let make: @Sendable () -> Value

    private final class Box {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    /// `make` gives each thread its first value.
    package init(_ make: @escaping @Sendable () -> Value) {
        var key = pthread_key_t()
        let result = pthread_key_create(&key) { pointer in
            // The thread ends: its box goes with it.
            if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
        }
        precondition(result == 0, "no thread-specific key left (PTHREAD_KEYS_MAX)")
        self.key = key
        self.make = make
    }

    deinit {
        // A deleted key runs no destructors: the boxes of threads still alive are not freed.
        // Instances are static tables that live as long as the process, so none is deleted.
        pthread_key_delete(key)
    }

    /// Runs `body` with this thread's value.
    package func withValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        let box: Box
        if let pointer = pthread_getspecific(key) {
            box = Unmanaged<Box>.fromOpaque(pointer).takeUnretainedValue()
        } else {
            box = Box(make())
            let retained = Unmanaged.passRetained(box)
            // Out of memory for the slot: this call's box serves it, freed when it returns.
            if pthread_setspecific(key, retained.toOpaque()) != 0 { retained.release() }
        }
        return try body(&box.value)
    }
}
