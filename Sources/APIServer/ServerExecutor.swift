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
