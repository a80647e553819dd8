import Dispatch
import LoupeToolbox

// A long synchronous test body (seconds of encoding, thousands of file writes, polling a terminal)
// would hold one of the cooperative pool's threads (two on this machine), and every other test's
// tasks would wait. These run it elsewhere, by what the body does.

/// Runs `body`, which computes or runs a process to its end, on a Dispatch thread and waits for it
/// without blocking a cooperative thread. Dispatch on Linux runs about as many computing bodies as
/// there are cores and queues the rest: the suite's heavy tests take turns instead of crowding out
/// the programs and servers under test (each on a thread of its own, the in-process servers once
/// went 20 s without answering).
package func onDispatchThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
    }
}

/// Runs `body`, which watches something outside in time (a terminal's screen, a process to kill
/// at a point), on a thread of its own, started at once: on Dispatch it could wait behind seconds
/// of computing (a terminal test first read its pane after the program it watched had ended).
package func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await Blocking.run("rickdex.test", body)
}
