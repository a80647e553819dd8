import Foundation
import LoupeToolbox
import Synchronization

extension Process {
    /// How a process that was run to its end ended, and what it wrote on its pipes.
    package struct Finished: Sendable {
        /// Its exit code, or the signal that ended it (see `waitForTermination()`).
        package var status: Int32
        package var stdout: Data
        package var stderr: Data
    }

    /// Reads the process's piped output and error to their end and waits for it, on a Dispatch
    /// thread (a blocked cooperative thread, of two on this machine, would hold up every other
    /// test's tasks). Past `limit` the process is killed and this throws `WaitedTooLong`, with what
    /// it wrote: a hung child fails its test with a message instead of hanging the run. The bound
    /// only catches a hang, so it is generous.
    package func finish(_ what: String, within limit: Duration = .seconds(300)) async throws -> Finished {
        try await onDispatchThread { try self.finishBlocking(what, within: limit) }
    }

    /// `finish`, blocking the calling thread: for a test already off the cooperative pool. The
    /// error stream is read on a thread of its own, which no busy Dispatch worker can hold up.
    package func finishBlocking(_ what: String, within limit: Duration = .seconds(300)) throws -> Finished {
        let watchdog = Watchdog(self, limit: limit)
        // Both pipes drained at once: a child blocked on a full stderr pipe would never close stdout.
        let errors = (standardError as? Pipe)?.fileHandleForReading
        let read = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var stderr = Data()
        if let errors {
            BackgroundThread.start(name: "rickdex.stderr") {
                stderr = errors.readDataToEndOfFile()
                read.signal()
            }
        }
        let stdout = (standardOutput as? Pipe)?.fileHandleForReading.readDataToEndOfFile() ?? Data()
        if errors != nil { read.wait() }
        let killed = watchdog.disarm()
        let status = exitStatus()
        guard !killed else {
            let said = String(decoding: stderr + stdout, as: UTF8.self).suffix(2000)
            throw WaitedTooLong(what: "\(what) to end (killed; it wrote: \(said))", limit: limit)
        }
        return Finished(status: status, stdout: stdout, stderr: stderr)
    }

    /// The first line the process writes on its piped standard output, without the line break
    /// (what there is when the output ends first), read on a Dispatch thread. Past `limit` the
    /// process is killed (the caller reaps it) and this throws `WaitedTooLong`.
    package func firstLine(_ what: String, within limit: Duration = .seconds(60)) async throws -> String {
        try await onDispatchThread { try self.firstLineBlocking(what, within: limit) }
    }

    /// `firstLine`, blocking the calling thread.
    package func firstLineBlocking(_ what: String, within limit: Duration = .seconds(60)) throws -> String {
        let watchdog = Watchdog(self, limit: limit)
        var line = Data()
        let output = (standardOutput as? Pipe)?.fileHandleForReading
        while let byte = try output?.read(upToCount: 1)?.first, byte != 0x0A { line.append(byte) }
        if watchdog.disarm() {
            throw WaitedTooLong(what: "\(what) (killed; it wrote: \(String(decoding: line, as: UTF8.self)))", limit: limit)
        }
        return String(decoding: line, as: UTF8.self)
    }
}

/// Kills a process (SIGKILL) when `limit` passes, unless disarmed first: what turns a wait on a
/// hung child into a failure. Disarm it before the process is reaped, whose pid may then be
/// another process's.
private final class Watchdog: Sendable {
    private let state = Mutex<(disarmed: Bool, killed: Bool)>((false, false))

    init(_ process: Process, limit: Duration) {
        let pid = process.processIdentifier
        let milliseconds = Int(limit / .milliseconds(1))
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) { [self] in
            state.withLock { state in
                guard !state.disarmed else { return }
                state.killed = true
                kill(pid, SIGKILL)
            }
        }
    }

    /// Disarms it; whether it had killed the process already.
    func disarm() -> Bool {
        state.withLock { state in
            state.disarmed = true
            return state.killed
        }
    }
}
