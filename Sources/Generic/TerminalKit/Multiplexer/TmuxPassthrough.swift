import FoundationEssentials
import LoupeToolbox

import Glibc

/// Turns tmux's `allow-passthrough` on for this process's pane, and puts back what the pane had
/// however the process ends (as chafa, only the pane's own option; an inherited one is unset): a
/// small shell, deaf to the keyboard's signals, restores it when its input ends, which this
/// process closes at exit and the kernel when it is killed or crashes.
enum TmuxPassthrough {
    private static let restorer = Locked<ChildProcess?>(nil)

    /// `true` when it is on afterwards.
    @discardableResult
    static func enable(for client: TmuxClient) -> Bool {
        if client.passesThrough { return true }
        return restorer.withLock { running in
            if running != nil { return true }
            // What the pane itself sets (empty when it inherits the window's or the server's).
            let own = Tmux.run(["show-options", "-p", "-v", "-t", client.pane, "allow-passthrough"]) ?? ""
            let restore =
                own.isEmpty
                ? "tmux set-option -p -u -t '\(client.pane)' allow-passthrough"
                : "tmux set-option -p -t '\(client.pane)' allow-passthrough '\(own)'"
            let script = "trap '' INT QUIT TERM HUP TSTP PIPE; read -r _; exec " + restore + " >/dev/null 2>&1 </dev/null"
            guard client.pane.allSatisfy({ $0 == "%" || $0.isNumber }), own.allSatisfy({ $0.isLetter || $0.isNumber }),
                let process = try? ChildProcess(executable: "/bin/sh", arguments: ["-c", script])
            else { return false }
            guard Tmux.run(["set-option", "-p", "-t", client.pane, "allow-passthrough", "on"]) != nil else {
                process.closeInput()
                process.wait()
                return false
            }
            running = process
            atexit { TmuxPassthrough.restore() }
            return true
        }
    }

    /// Safe to call more than once.
    static func restore() {
        guard
            let process = restorer.withLock({ running in
                defer { running = nil }; return running
            })
        else { return }
        process.closeInput()
        process.wait()
    }
}
