import NIOCore

/// Runs a server's tasks on its own event loops, apart from Swift's cooperative pool.
///
/// `--api fixtures` and the tests run the server inside the client's process. On the cooperative
/// pool (two threads on a two-core machine) its handlers would queue behind the client's CPU work
/// (thumbnails, or long synchronous tests) and requests would time out, which a server in its own
/// process never causes. The loops that already do the server's I/O run its handlers too, as a
/// separate server's threads would.
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
