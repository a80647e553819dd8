import FoundationEssentials
import LoupeToolbox

import Glibc

/// Asks the terminal what it is, in one round trip on the controlling terminal: XTVERSION, the
/// kitty graphics query, OSC 11 (background), `CSI 16 t` (cell size) and, last, DA1, which every
/// terminal answers, so its answer is the fence that says the others are in (as notcurses and
/// chafa 1.16 do). The probe ends when the fence arrives, or at the timeout, whichever is first:
/// one round trip on a terminal that answers, however far away it is.
///
/// Echo is off while the answers come, and stays off until the process exits (`settle()`, at
/// exit, on a signal and on a crash), so that no answer shows on screen, however late or often it
/// comes. The answers are read out of the input one byte at a time, up to the fence and no
/// further; at exit what came since is read out, answers dropped and keys given back
/// (`TerminalDevice.giveBack`), so keys typed ahead reach the shell and answers never do.
///
/// With a `ProbeMemory`, the first command of a terminal session asks and the rest read what it
/// heard: no round trip at all, and a terminal that never answers costs the timeout once.
public enum TerminalProbe {
    /// The queries, DA1 last. Inside tmux or screen the kitty graphics query is left out: they
    /// take an APC string for the window's title (tmux 3.3a showed the query as the pane's
    /// title), and what the terminal outside can do is asked of tmux instead (`TmuxClient`).
    static func queries(multiplexed: Bool) -> String {
        "\u{1B}[>0q" + (multiplexed ? "" : "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\") + "\u{1B}]11;?\u{1B}\\"
            + "\u{1B}[16t" + "\u{1B}[c"
    }

    /// The default timeout: a round trip to the far side of the world and back with time to
    /// spare, and short enough to be the once-a-session cost of a terminal that never answers.
    public static let defaultTimeout = Duration.seconds(1)

    /// The most bytes read while waiting for the fence: a terminal that floods its answers (a
    /// megabyte of DCS) is dropped past this, not waited on.
    static let inputLimit = 64 * 1024

    /// The first probe's result (the outer optional: whether it ran), for the rest of the process.
    private static let cached = Locked<ProbeResult??>(nil)
    /// What `settle()` needs to finish a probe at exit.
    private struct Unsettled: Sendable {
        /// The controlling terminal, kept open until then.
        var terminal: TerminalDevice
        /// The terminal's modes before the probe.
        var modes: TerminalModes
        /// Until when to wait for a fence that has not come (a second timeout); now when it came.
        var deadline: ContinuousClock.Instant
        /// The answers heard so far, and where to remember them with the rest.
        var heard: [UInt8]
        var memory: ProbeMemory?
        var session: String?
        /// Keys typed before the answers came, to give back.
        var typedAhead: [UInt8]
        /// When the queries went out, and whether all the answers are in.
        var askedAt: ContinuousClock.Instant
        var fenced: Bool
    }

    private static let unsettled = Locked<Unsettled?>(nil)

    /// The terminal's modes before this process's probe, while the probe keeps it quiet (until
    /// `settle()`): what a full-screen program must give back when it leaves.
    package static var modesBeforeProbe: TerminalModes? {
        unsettled.withLock { $0?.modes }
    }

    /// What the terminal said, probed on the first call of the process (or recalled from
    /// `memory`) and remembered for the process; `nil` when there is no controlling terminal or it
    /// belongs to another process group. `multiplexed`: inside tmux or screen.
    static func result(timeout: Duration, memory: ProbeMemory?, multiplexed: Bool) -> ProbeResult? {
        cached.withLock { stored in
            if let done = stored { return done }
            let result = run(timeout: timeout, memory: memory, multiplexed: multiplexed)
            stored = .some(result)
            return result
        }
    }

    /// One probe, not remembered by the process.
    static func run(timeout: Duration, memory: ProbeMemory?, multiplexed: Bool) -> ProbeResult? {
        switch begin(memory: memory, multiplexed: multiplexed, askAgainIfSilent: false) {
        case nil: return nil
        case .recalled(let result): return result
        case .sent(let sent):
            let (answers, heard, typedAhead) = readAnswers(from: sent.terminal, until: sent.askedAt + timeout)
            let roundTrip = answers.isComplete ? sent.askedAt.duration(to: .now) : nil
            // Quiet until the process ends: an answer that comes twice, or late, never shows.
            settleAtExit(sent, timeout: timeout, heard: heard, typedAhead: typedAhead, memory: memory)
            if let memory, let session = sent.session {
                memory.remember(heard.isEmpty ? nil : heard, for: session, roundTrip: roundTrip)
            }
            return ProbeResult(answers: heard.isEmpty ? nil : answers, remembered: false, roundTrip: roundTrip)
        }
    }

    /// How `ask` went.
    enum Asked: Sendable {
        /// An earlier command of this terminal session heard the terminal: nothing was asked.
        case recalled(ProbeResult)
        /// The queries went out; their answers are for the caller to read and hand to `heard(_:)`.
        case sent
    }

    /// Asks the terminal without waiting for its answers, for a program that reads the terminal
    /// itself (browse), so that its first screen need not wait a round trip: it hands every
    /// answer it reads to `heard(_:)`, which says when they are all in. A session remembered as
    /// silent is asked again (the answers may have come after the timeout: they count now), and
    /// at exit `settle()` waits for the fence as after `result`. `nil` without a terminal.
    static func ask(timeout: Duration, memory: ProbeMemory?, multiplexed: Bool) -> Asked? {
        cached.withLock { stored -> Asked? in
            if let done = stored { return done.map(Asked.recalled) }
            switch begin(memory: memory, multiplexed: multiplexed, askAgainIfSilent: true) {
            case nil:
                stored = .some(nil)
                return nil
            case .recalled(let result):
                stored = .some(result)
                return .recalled(result)
            case .sent(let sent):
                stored = .some(ProbeResult(answers: nil, remembered: false))
                settleAtExit(sent, timeout: timeout, heard: [], typedAhead: [], memory: memory)
                return .sent
            }
        }
    }

    /// Takes answers a reader of the terminal found after `ask`: once they hold the fence, they
    /// are remembered for the session, with the round trip they took, and returned.
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
            current.fenced = true
            current.deadline = .now
            state = current
            if let memory = current.memory, let session = current.session {
                memory.remember(current.heard, for: session, roundTrip: roundTrip)
            }
            return ProbeResult(answers: answers, remembered: false, roundTrip: roundTrip)
        }
    }

    /// The queries on their way.
    private struct Sent {
        var terminal: TerminalDevice
        var modes: TerminalModes
        var session: String?
        var askedAt: ContinuousClock.Instant
    }

    private enum Begun {
        case recalled(ProbeResult)
        case sent(Sent)
    }

    /// Opens the controlling terminal and recalls what the session heard, or quiets the terminal
    /// and sends the queries.
    private static func begin(memory: ProbeMemory?, multiplexed: Bool, askAgainIfSilent: Bool) -> Begun? {
        guard let terminal = TerminalDevice.openControlling() else { return nil }
        let session = terminal.sessionName()
        if let memory, let session, let recalled = memory.recall(session), recalled.answers != nil || !askAgainIfSilent {
            try? terminal.descriptor.close()
            return .recalled(recalled)
        }
        // A background job that touched the terminal's modes would be stopped (SIGTTOU).
        guard terminal.isForeground, let original = try? terminal.modes(), (try? terminal.setModes(original.quiet)) != nil
        else {
            try? terminal.descriptor.close()
            return nil
        }
        let askedAt = ContinuousClock.now
        guard (try? terminal.write(queries(multiplexed: multiplexed))) != nil else {
            try? terminal.setModes(original)
            try? terminal.descriptor.close()
            return nil
        }
        return .sent(Sent(terminal: terminal, modes: original, session: session, askedAt: askedAt))
    }

    /// Keeps the terminal quiet until the process ends, when `settle()` reads out what came since.
    /// A fence still missing then is waited for until twice the timeout, or twice the round trip
    /// this session's terminal took before, whichever is longer, since the queries went out.
    private static func settleAtExit(
        _ sent: Sent, timeout: Duration, heard: [UInt8], typedAhead: [UInt8], memory: ProbeMemory?
    ) {
        let fenced = ProbeAnswers.parse(heard).isComplete
        let before = sent.session.flatMap { memory?.recall($0)?.roundTrip } ?? .zero
        unsettled.withLock {
            $0 = Unsettled(
                terminal: sent.terminal, modes: sent.modes,
                deadline: fenced ? .now : sent.askedAt + max(timeout * 2, before * 2), heard: heard, memory: memory,
                session: sent.session, typedAhead: typedAhead, askedAt: sent.askedAt, fenced: fenced)
        }
        CrashRestore.install(writing: "", to: sent.terminal, restoring: sent.modes, on: sent.terminal, signals: quitSignals)
        atexit { TerminalProbe.settle() }
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

    /// Takes `tokens` in: the terminal's answers into `answers` (their bytes onto `heard`), the
    /// rest, keys typed ahead, onto `typedAhead`.
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

    /// Finishes this process's probe: reads out what came since it, dropping the terminal's
    /// answers, gives back the keys typed meanwhile and puts the terminal's modes back. Where the
    /// fence did not come in time it waits for it until a second timeout has passed since the
    /// first (no wait once the command has run that long). Called at exit; safe to call at any
    /// time, and more than once.
    ///
    /// So an answer that comes twice or late never lands on the shell's line (and a slow
    /// terminal's answers serve the session's next command), and a terminal that never answers
    /// costs at most twice the timeout, once a terminal session (`ProbeMemory`).
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
