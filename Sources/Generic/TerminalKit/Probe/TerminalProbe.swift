import FoundationEssentials
import LoupeToolbox

import Glibc

/// Asks the terminal what it is, in one round trip on the controlling terminal: XTVERSION, the
/// kitty graphics query, OSC 11 (background), `CSI 16 t` (cell size) and, last, DA1, which every
/// terminal answers: its answer is the fence that says the others are in (as notcurses and chafa
/// 1.16 do). One round trip on a terminal that answers, however far away it is; the timeout else.
///
/// Echo stays off from the queries until the process exits (`settle()`, at exit, on a signal and
/// on a crash), so that no answer shows, however late or often it comes. The answers are read one
/// byte at a time up to the fence and no further; at exit what came since is read out, answers
/// dropped and keys typed ahead given back (`TerminalDevice.giveBack`) to the shell. With a
/// `ProbeMemory`, only a terminal session's first command asks: the rest read what it heard.
public enum TerminalProbe {
    /// The queries, DA1 last. Inside tmux or screen the kitty graphics query is left out: they
    /// take an APC string for the window's title (tmux 3.3a showed the query as the pane's
    /// title), and what the terminal outside can do is asked of tmux instead (`TmuxClient`).
    static func queries(multiplexed: Bool) -> String {
        "\u{1B}[>0q" + (multiplexed ? "" : "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\") + "\u{1B}]11;?\u{1B}\\"
            + "\u{1B}[16t" + "\u{1B}[c"
    }

    /// A round trip to the far side of the world and back with time to spare, and short enough to
    /// be the once-a-session cost of a terminal that never answers.
    public static let defaultTimeout = Duration.seconds(1)

    /// The most bytes read while waiting for the fence: a flood of answers is dropped past this.
    static let inputLimit = 64 * 1024

    /// How the probe went.
    enum Outcome: Sendable {
        /// What the terminal said, read now or recalled from this terminal session's memory.
        case heard(ProbeResult)
        /// The queries went out unwaited; a reader of the terminal hands the answers to `heard(_:)`.
        case sent
    }

    /// The process's probe (the outer optional: whether it ran).
    private static let outcome = Locked<Outcome??>(nil)

    /// What `settle()` needs to finish the probe at exit.
    private struct Unsettled: Sendable {
        var terminal: TerminalDevice
        /// The terminal's modes before the probe.
        var modes: TerminalModes
        var session: String?
        var memory: ProbeMemory?
        var askedAt: ContinuousClock.Instant
        /// Until when to wait for a fence that has not come; now when it came.
        var deadline: ContinuousClock.Instant
        /// The answers heard so far, and whether they are all in.
        var heard: [UInt8] = []
        var fenced = false
        var typedAhead: [UInt8] = []
    }

    private static let unsettled = Locked<Unsettled?>(nil)

    /// The terminal's modes before this process's probe, while the probe keeps it quiet (until
    /// `settle()`): what a full-screen program must give back when it leaves.
    package static var modesBeforeProbe: TerminalModes? {
        unsettled.withLock { $0?.modes }
    }

    /// Probes once a process (later calls get the first's outcome): recalls what this terminal
    /// session heard (`memory`), or sends the queries and, `waiting`, reads the answers until the
    /// fence or the timeout. Without waiting, for a program that reads the terminal itself (its
    /// first screen need not wait a round trip), a session remembered as silent is asked again.
    /// `nil` without a controlling terminal this process's group owns. `multiplexed`: inside tmux
    /// or screen.
    static func probe(timeout: Duration, memory: ProbeMemory?, multiplexed: Bool, waiting: Bool) -> Outcome? {
        outcome.withLock { stored in
            if let done = stored { return done }
            let outcome = run(timeout: timeout, memory: memory, multiplexed: multiplexed, waiting: waiting)
            stored = .some(outcome)
            return outcome
        }
    }

    private static func run(timeout: Duration, memory: ProbeMemory?, multiplexed: Bool, waiting: Bool) -> Outcome? {
        guard let terminal = TerminalDevice.openControlling() else { return nil }
        let session = terminal.sessionName()
        if let memory, let session, let recalled = memory.recall(session), recalled.answers != nil || waiting {
            try? terminal.descriptor.close()
            return .heard(recalled)
        }
        // A background job that touched the terminal's modes would be stopped (SIGTTOU).
        guard terminal.isForeground, let modes = try? terminal.modes(), (try? terminal.setModes(modes.quiet)) != nil else {
            try? terminal.descriptor.close()
            return nil
        }
        let askedAt = ContinuousClock.now
        guard (try? terminal.write(queries(multiplexed: multiplexed))) != nil else {
            try? terminal.setModes(modes)
            try? terminal.descriptor.close()
            return nil
        }
        // A fence still missing at exit is waited for until twice the timeout, or twice the round
        // trip this session's terminal took before, whichever is longer.
        let before = session.flatMap { memory?.recall($0)?.roundTrip } ?? .zero
        var state = Unsettled(
            terminal: terminal, modes: modes, session: session, memory: memory, askedAt: askedAt,
            deadline: askedAt + max(timeout * 2, before * 2))
        var result: ProbeResult?
        if waiting {
            let answers: ProbeAnswers
            (answers, state.heard, state.typedAhead) = readAnswers(from: terminal, until: askedAt + timeout)
            let roundTrip = answers.isComplete ? askedAt.duration(to: .now) : nil
            if answers.isComplete { (state.fenced, state.deadline) = (true, .now) }
            if let memory, let session {
                memory.remember(state.heard.isEmpty ? nil : state.heard, for: session, roundTrip: roundTrip)
            }
            result = ProbeResult(answers: state.heard.isEmpty ? nil : answers, remembered: false, roundTrip: roundTrip)
        }
        // Quiet until the process ends: an answer that comes twice, or late, never shows.
        unsettled.withLock { $0 = state }
        CrashRestore.install(writing: "", to: terminal, restoring: modes, on: terminal, signals: quitSignals)
        atexit { TerminalProbe.settle() }
        return result.map(Outcome.heard) ?? .sent
    }

    /// Takes answers a reader of the terminal found after the queries went out unwaited: once they
    /// hold the fence, they are remembered for the session, with their round trip, and returned.
    public static func heard(_ bytes: [UInt8]) -> ProbeResult? {
        unsettled.withLock { state -> ProbeResult? in
            guard var current = state, !current.fenced else { return nil }
            current.heard += bytes
            let answers = ProbeAnswers.parse(current.heard)
            guard answers.isComplete else {
                state = current
                return nil
            }
            let roundTrip = current.askedAt.duration(to: .now)
            (current.fenced, current.deadline) = (true, .now)
            state = current
            if let memory = current.memory, let session = current.session {
                memory.remember(current.heard, for: session, roundTrip: roundTrip)
            }
            return ProbeResult(answers: answers, remembered: false, roundTrip: roundTrip)
        }
    }

    /// The signals that end a process while the terminal is quiet: a crash's, and the keys' and
    /// the system's requests to stop.
    private static let quitSignals = CrashRestore.signals + ProcessSignal.allCases.filter { $0 != .windowChange }.map(\.number)

    /// Reads the terminal's input until the fence (DA1) or `deadline`: the answers parsed, their
    /// bytes as they came, and the bytes of anything else (keys typed ahead).
    private static func readAnswers(
        from terminal: TerminalDevice, until deadline: ContinuousClock.Instant
    ) -> (ProbeAnswers, heard: [UInt8], typedAhead: [UInt8]) {
        var scanner = TerminalInputScanner()
        var answers = ProbeAnswers()
        var heard: [UInt8] = []
        var typedAhead: [UInt8] = []
        var byte: [UInt8] = [0]
        var total = 0
        // One byte a read: the fence's last byte is the last one taken from the input.
        while !answers.isComplete, total < inputLimit,
            terminal.waitForInput(timeout: ContinuousClock.now.duration(to: deadline)),
            (try? terminal.read(into: &byte)) == 1
        {
            total += 1
            sort(scanner.scan(byte), answers: &answers, heard: &heard, typedAhead: &typedAhead)
        }
        return (answers, heard, typedAhead)
    }

    /// The terminal's answers into `answers` (their bytes onto `heard`), keys onto `typedAhead`.
    private static func sort(
        _ tokens: [TerminalInputScanner.Token], answers: inout ProbeAnswers, heard: inout [UInt8],
        typedAhead: inout [UInt8]
    ) {
        for token in tokens {
            if token.isAnswer {
                answers.read(token)
                heard += token.bytes
            } else {
                typedAhead += token.bytes
            }
        }
    }

    /// Finishes this process's probe: reads out what came since, dropping the answers, gives back
    /// the keys typed meanwhile and puts the modes back, having waited for a missing fence until
    /// its deadline (no wait once the command has run that long). At exit; safe to call again.
    /// So no answer lands on the shell's line, a slow terminal's answers serve the session's next
    /// command, and a terminal that never answers costs at most twice the timeout a session.
    static func settle() {
        guard
            let state = unsettled.withLock({ state in
                defer { state = nil }; return state
            })
        else { return }
        let terminal = state.terminal
        defer { try? terminal.descriptor.close() }
        // Reads must not block: a full-screen program may have given back the modes already, and
        // its key reader may still be waiting in a read of its own.
        try? terminal.setModes(state.modes.quiet)
        terminal.makeNonBlocking()
        var scanner = TerminalInputScanner()
        var answers = ProbeAnswers.parse(state.heard)
        let fenced = state.fenced || answers.isComplete
        var heard = state.heard
        var typedAhead = state.typedAhead
        var buffer = [UInt8](repeating: 0, count: 1024)
        var total = 0
        var lastAnswer: ContinuousClock.Instant?
        while total < inputLimit {
            let count = (try? terminal.read(into: &buffer)) ?? 0
            if count == 0 {
                // Nothing there now: wait for the fence while there is time, for an answer's rest a little.
                let fence = answers.isComplete ? .zero : ContinuousClock.now.duration(to: state.deadline)
                let wait = max(fence, scanner.isWaiting ? .milliseconds(50) : .zero)
                guard wait > .zero, terminal.waitForInput(timeout: wait) else { break }
                continue
            }
            total += count
            sort(scanner.scan(buffer.prefix(count)), answers: &answers, heard: &heard, typedAhead: &typedAhead)
            if lastAnswer == nil, answers.isComplete { lastAnswer = .now }
        }
        typedAhead += scanner.timeout().flatMap(\.bytes)
        terminal.giveBack(typedAhead)
        CrashRestore.uninstall()
        try? terminal.setModes(state.modes)
        // A slow terminal's answers serve the session's next command.
        if !fenced, answers.isComplete, let memory = state.memory, let session = state.session {
            memory.remember(heard, for: session, roundTrip: state.askedAt.duration(to: lastAnswer ?? .now))
        }
    }
}
