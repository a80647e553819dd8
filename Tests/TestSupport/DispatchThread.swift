import Dispatch

/// Runs `body` on a Dispatch thread and waits for it without blocking a cooperative thread.
///
/// A long synchronous test body (thousands of file writes) runs on one of the cooperative pool's
/// threads, two on this machine; while it runs, the in-process servers other tests start cannot
/// answer (their handlers run on that pool), and their clients time out.
public func onDispatchThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
    }
}
