import NIOCore

/// The server's waits (latency, a trickle's pauses, silence), timed by its event loops.
///
/// `Task.sleep` wakes through Swift's global executor: its timer hands the sleeper to the
/// cooperative pool, which then hands it to `ServerExecutor`. A program that runs a server inside
/// itself (the tests) can keep both threads of that pool busy with its own work for many seconds,
/// and every delayed answer waited that long: a browse test saw no answer for 20 s where 0.8 s
/// was asked. A loop's scheduled task wakes the sleeper straight onto the loops.
enum LoopClock {
    /// The loops of the server whose task is running; set for the whole of its service group.
    @TaskLocal static var loops: (any EventLoopGroup)?

    /// Waits `duration` on the server's loops (on the global executor outside a server). Throws
    /// `CancellationError` when the task is cancelled meanwhile.
    static func sleep(for duration: Duration) async throws {
        guard let loops else { return try await Task.sleep(for: duration) }
        try Task.checkCancellation()
        let scheduled = loops.any().scheduleTask(in: TimeAmount(duration)) {}
        try await withTaskCancellationHandler {
            do {
                try await scheduled.futureResult.get()
            } catch EventLoopError.cancelled {
                throw CancellationError()
            }
        } onCancel: {
            scheduled.cancel()
        }
    }
}
