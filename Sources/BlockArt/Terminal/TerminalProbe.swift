import FoundationEssentials
import Toolbox

/// Asks the terminal what it is, in one round trip on the controlling terminal: XTVERSION, the
/// kitty graphics query, OSC 11 (background), `CSI 16 t` (cell size) and, last, DA1, which
/// every terminal answers, so its answer means the others are in.
///
/// Echo is off while the answers come, and they are read out of the input, so nothing shows on
/// screen or in what the user types next. A terminal that does not answer costs the budget once
/// a process; what arrived by then is discarded from the input.
public enum TerminalProbe {
    /// The queries, DA1 last.
    static let queries =
        "\u{1B}[>0q" + "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\" + "\u{1B}]11;?\u{1B}\\" + "\u{1B}[16t"
        + "\u{1B}[c"

    /// The most bytes read: enough for every answer, with room for typed-ahead keys.
    static let inputLimit = 4096

    /// The first probe's result (the outer optional: whether it ran), for the rest of the process.
    private static let cached = Locked<ProbeAnswers??>(nil)

    /// The answers, probed on the first call of the process and remembered; `nil` when there is
    /// no controlling terminal, it belongs to another process group, or nothing came in time.
    public static func answers(budget: Duration = .milliseconds(100)) -> ProbeAnswers? {
        cached.withLock { stored in
            if let done = stored { return done }
            let answers = run(budget: budget)
            stored = .some(answers)
            return answers
        }
    }

    /// One probe, not remembered.
    static func run(budget: Duration) -> ProbeAnswers? {
        guard let terminal = TerminalDevice.openControlling() else { return nil }
        defer { try? terminal.descriptor.close() }
        // A background job that touched the terminal's modes would be stopped (SIGTTOU).
        guard terminal.isForeground, let original = try? terminal.modes(),
            (try? terminal.setModes(original.quiet)) != nil
        else { return nil }
        defer { try? terminal.setModes(original) }

        guard (try? terminal.descriptor.writeAll(queries.utf8)) != nil else { return nil }
        let deadline = ContinuousClock.now + budget
        var input: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while input.count < inputLimit, terminal.waitForInput(timeout: ContinuousClock.now.duration(to: deadline)) {
            let count = (try? buffer.withUnsafeMutableBytes { try terminal.descriptor.read(into: $0) }) ?? 0
            guard count > 0 else { break }
            input += buffer.prefix(count)
            let answers = ProbeAnswers.parse(input)
            if answers.isComplete { return answers }
        }
        // Late answers would land in the shell's input: drop what came, keep nothing.
        terminal.discardInput()
        let partial = ProbeAnswers.parse(input)
        return partial == ProbeAnswers() ? nil : partial
    }
}
