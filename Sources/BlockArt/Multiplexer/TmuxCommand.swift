import FoundationEssentials
import LoupeToolbox

/// Runs a `tmux` command against the server this process runs under and reads its answer.
enum TmuxCommand {
    /// The first line tmux printed, or `nil` when it failed or could not be run.
    static func run(_ arguments: [String]) -> String? {
        guard let process = try? ChildProcess(executable: "/usr/bin/env", arguments: ["tmux"] + arguments) else {
            return nil
        }
        process.closeInput()
        let line = try? process.readOutputLine()
        guard process.wait() == 0, let line else { return nil }
        return String(decoding: line, as: UTF8.self)
    }
}
