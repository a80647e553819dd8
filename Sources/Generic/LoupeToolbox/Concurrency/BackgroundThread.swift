import SystemPackage
import Glibc

/// A detached POSIX thread for a loop that blocks (libcurl's `poll`, a device read), which
/// must not hold one of Swift concurrency's few threads. Foundation's `Thread` does the same,
/// but it is the one use that would link all of Foundation into the command.
package enum BackgroundThread {
    /// Runs `body` on a new thread named `name` (as `top -H`, `perf` and debuggers show it; at most
    /// 15 bytes are kept). Stops the process when the system cannot make a thread, as `Thread` does.
    package static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Context(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, entry, context)
        guard result == 0 else {
            fatalError("cannot start the thread \(name): \(Errno(rawValue: result))")
        }
        pthread_detach(thread)
    }

    /// The new thread's first function: names it, then runs the body handed over in `context`.
    private static let entry: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { pointer in
        // swift-format-ignore: NeverForceUnwrap
        let context = Unmanaged<Context>.fromOpaque(pointer!).takeRetainedValue()
        nameCurrentThread(context.name)
        context.body()
        return nil
    }

    /// Linux's `pthread_setname_np`, which Glibc's Swift module does not offer: the thread's
    /// `comm` under `/proc`. Best effort; a thread without a name works the same.
    private static func nameCurrentThread(_ name: String) {
        let file = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard file >= 0 else { return }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
        close(file)
    }

    private final class Context {
        let name: String
        let body: @Sendable () -> Void

        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }
}

/// Calls that may block for long (a device's answer awaited up to its timeout, a child
/// process, a server's first line), run where they cannot hold one of Swift concurrency's few
/// threads: on a thread of their own, while the calling task is suspended.
package enum Blocking {
    /// `body`'s result, computed on a new thread named `name`. A thread costs some 30 µs: for
    /// calls that wait, not for each small file read (those take microseconds from the page cache).
    package static func run<T: Sendable>(_ name: String, _ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            BackgroundThread.start(name: name) { continuation.resume(with: Result(catching: body)) }
        }
    }

    /// `run` for a body that cannot throw.
    package static func run<T: Sendable>(_ name: String, _ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            BackgroundThread.start(name: name) { continuation.resume(returning: body()) }
        }
    }
}
