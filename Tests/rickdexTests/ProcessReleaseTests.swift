import Foundation
import Testing
import TestSupport

/// The suite's waits let a finished `Process` go, and its pipes with it. Reaped by `waitpid` alone,
/// Foundation's process object and its run-loop source hold each other: a whole run leaked about
/// 1,350 descriptors, where Foundation's own `Process.run` (Swift 6.3) reads past its buffer of
/// `/proc/self/fd` and crashes the test process.
@Suite struct ProcessReleaseTests {
    @Test func aFinishedProcessIsReleased() async throws {
        let released = try await onOwnThread { () throws -> Bool in
            weak var watched: Process?
            do {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments = ["-c", "echo out; echo err >&2; exit 3"]
                process.standardOutput = Pipe()
                process.standardError = Pipe()
                try process.run()
                watched = process
                let finished = try process.finishBlocking("sh")
                #expect(finished.status == 3)
                #expect(String(decoding: finished.stdout, as: UTF8.self) == "out\n")
                #expect(String(decoding: finished.stderr, as: UTF8.self) == "err\n")
            }
            return watched == nil
        }
        #expect(released, "the process object, and its pipes, outlived its wait")
    }
}
