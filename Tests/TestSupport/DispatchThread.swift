import Dispatch

/// Runs `body` on a Dispatch thread and waits for it without blocking a cooperative thread.
///
/// A long synchronous test body (thousands of file writes, or polling a terminal) would hold one of
/// the cooperative pool's two threads on this machine, and every other test's tasks would wait.
package func onDispatchThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
    }
}
