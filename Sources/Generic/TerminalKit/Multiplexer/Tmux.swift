import LoupeToolbox

/// Runs `tmux` (found on `PATH`; it reaches its server through `$TMUX`): the one way this package
/// runs it. Blocks while tmux runs (milliseconds): call it on a thread of its own (`Blocking`).
package enum Tmux {
    /// The first line tmux printed, fed `input` when given; `nil` when it failed or could not be run.
    package static func run(_ arguments: [String], input: String? = nil) -> String? {
        guard let process = try? ChildProcess(executable: "/usr/bin/env", arguments: ["tmux"] + arguments) else {
            return nil
        }
        if let input { _ = try? process.input.writeAll(input.utf8) }
        process.closeInput()
        let line = try? process.readOutputLine()
        _ = process.readAllErrors()
        guard process.wait() == 0 else { return nil }
        return String(decoding: line ?? [], as: UTF8.self)
    }
}
