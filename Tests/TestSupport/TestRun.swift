import Foundation
import Synchronization

/// What one run of the tests leaves behind: nothing. Its temporary files live in one folder,
/// `rickdex-tests-<pid>` in the system's temporary folder, removed as the run exits; the tmux
/// servers tests start are ended then too, in case a test's own clean-up never ran. A run that was
/// killed leaves its folder for the next run to remove.
package enum TestRun {
    /// This run's folder.
    package static let folder: URL = {
        let base = FileManager.default.temporaryDirectory
        sweepKilledRuns(in: base)
        let folder = base.appendingPathComponent("\(prefix)\(getpid())", isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        atexit { TestRun.cleanUp() }
        return folder
    }()

    /// Ends the tmux server on `socket` (`tmux -L`) when the run exits, if it is still running.
    package static func endAtExit(tmuxServer socket: String) {
        _ = folder
        sockets.withLock { $0.append(socket) }
    }

    private static let prefix = "rickdex-tests-"
    private static let sockets = Mutex<[String]>([])

    private static func cleanUp() {
        for socket in sockets.withLock({ $0 }) where socket.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) {
            _ = system("tmux -L \(socket) kill-server >/dev/null 2>&1")
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Removes the folders of runs whose process is gone (killed before it could clean up).
    private static func sweepKilledRuns(in base: URL) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: base.appendingPathComponent(name))
        }
    }
}
