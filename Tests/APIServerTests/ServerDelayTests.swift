import APIServer
import Foundation
import Synchronization
import TestSupport
import Testing

/// A server started inside a busy program (every test does) answers its delayed requests on time.
@Suite struct ServerDelayTests {
    /// What the pool's holders and the client share.
    private final class Hold: Sendable {
        let answered = Mutex(false)
        let gaveUp = Mutex(false)
    }

    /// Swift's cooperative pool is held by work that never waits, as long image tests hold it,
    /// with more such work queued behind, while a client asks for 16 delayed answers on 8 new
    /// connections. The answers come before the work lets go: the server's waits are timed by its
    /// own loops. (They once waited in the pool's queue, and a browse test saw no answer for 20 s.)
    @Test func delayedAnswersComeWhileThePoolIsBusy() async throws {
        try await TestData.withServer(faults: FaultPlan(latency: .milliseconds(800))) { base in
            let hold = Hold()
            let holders = (0..<2 * ProcessInfo.processInfo.activeProcessorCount).map { _ in
                Task.detached {
                    let giveUp = ContinuousClock.now + .seconds(20)
                    var sum = 0.0
                    while !hold.answered.withLock({ $0 }) {
                        guard ContinuousClock.now < giveUp else {
                            hold.gaveUp.withLock { $0 = true }
                            break
                        }
                        for step in 0..<100_000 { sum += Double(step).squareRoot() }
                    }
                    return sum
                }
            }
            let urls = (1...16).map { "\(base.absoluteString)/character/avatar/\($0).jpeg" }
            let statuses = try await onDispatchThread { () -> [String] in
                let curl = Process()
                curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
                curl.arguments =
                    ["-s", "--parallel", "--parallel-max", "8", "-w", "%{http_code}\\n", "-m", "60"]
                    + urls.flatMap { ["-o", "/dev/null", $0] }
                let output = Pipe()
                curl.standardOutput = output
                try curl.run()
                let printed = try curl.finishBlocking("curl").stdout
                hold.answered.withLock { $0 = true }
                return String(decoding: printed, as: UTF8.self).split(separator: "\n").map(String.init)
            }
            for holder in holders { _ = await holder.value }
            #expect(statuses == Array(repeating: "200", count: 16))
            #expect(!hold.gaveUp.withLock { $0 }, "the answers waited for the pool to be free")
        }
    }
}
