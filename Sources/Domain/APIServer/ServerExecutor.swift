import NIOCore

/// Runs a server's tasks on its own event loops, apart from Swift's cooperative pool, as a server
/// in its own process would: a program that starts a server inside itself (the tests) keeps its
/// pool busy (two threads on two cores), and the handlers would queue behind long synchronous
/// tests until requests time out.
final class ServerExecutor: TaskExecutor {
    private let loops: any EventLoopGroup

    init(loops: any EventLoopGroup) {
        self.loops = loops
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        loops.next().execute { job.runSynchronously(on: executor) }
    }
}

/// The server's waits (latency, a trickle's pauses, silence), timed by its event loops.
/// `Task.sleep` wakes through the cooperative pool, which a program running a server inside itself
/// can keep busy for seconds (a browse test saw no answer for 20 s where 0.8 s was asked); a loop's
/// scheduled task wakes the sleeper straight onto the loops.
enum LoopClock {
    /// The loops of the server whose task is running; set for the whole of its service group.
    @TaskLocal static var loops: (any EventLoopGroup)?

    /// Waits `duration` on the server's loops (on the global executor outside a server).
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
