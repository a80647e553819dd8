import NIOCore

/// Runs a server's tasks on its own event loops, apart from Swift's cooperative pool.
///
/// A program that starts a server inside itself (the tests do, through `APIServer.start`) keeps
/// its cooperative pool busy with its own work: two threads on a two-core machine, on which the
/// handlers would queue behind long synchronous tests until requests time out. The loops that
/// already do the server's I/O run its handlers too, as a server in its own process
/// (`rickdex serve`) would have them; `LoopClock` times their waits on the same loops.
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
