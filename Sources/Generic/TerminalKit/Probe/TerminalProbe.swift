import FoundationEssentials
import LoupeToolbox

import Glibc

/// Asks the terminal what it is in one round trip: XTVERSION, the kitty graphics query, OSC 11,
/// `CSI 16 t` and, last, DA1, which every terminal answers: the fence (as notcurses and chafa do).
/// Echo stays off until the process exits (`settle()`), so no late answer shows; keys typed ahead
/// are given back to the shell. With a `ProbeMemory`, only a terminal session's first command asks.
public enum TerminalProbe {
    /// Inside tmux or screen, no kitty query: they take an APC string for the title (tmux 3.3a
    /// showed it as the pane's), and tmux is asked instead (`TmuxClient`).
    static func queries(multiplexed: Bool) -> String {
        "\u{1B}[>0q" + (multiplexed ? "" : "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\") + "\u{1B}]11;?\u{1B}\\"
            + "\u{1B}[16t" + "\u{1B}[c"
    }

    /// A round trip across the world with time to spare; the once-a-session cost of a silent terminal.
    public static let defaultTimeout = Duration.seconds(1)

    /// The most bytes read while waiting for the fence: a flood of answers is dropped past this.
    static let inputLimit = 64 * 1024

    enum Outcome: Sendable {
        case heard(ProbeResult)
        /// The queries went out unwaited; a reader of the terminal hands the answers to `heard(_:)`.
        case sent
    }

    /// The outer optional: whether it ran.
    private static let outcome = Locked<Outcome??>(nil)

    private struct Unsettled: Sendable {
        var terminal: TerminalDevice
        var modes: TerminalModes
        var session: String?
        var memory: ProbeMemory?
        var askedAt: ContinuousClock.Instant
        /// Until when to wait for a fence that has not come; now when it came.
        var deadline: ContinuousClock.Instant
        var heard: [UInt8] = []
        var fenced = false
        var typedAhead: [UInt8] = []
    }

    private static let unsettled = Locked<Unsettled?>(nil)

    /// What a full-screen program must give back when it leaves, while the probe keeps it quiet.
    package static var modesBeforeProbe: TerminalModes? {
        unsettled.withLock { $0?.modes }
    }

    /// Once a process. Without `waiting`, a session remembered silent is asked again. `nil`
    /// without a controlling terminal this process's group owns.
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

    /// Answers a reader of the terminal found: once they hold the fence, remembered and returned.
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

    private static let quitSignals = CrashRestore.signals + ProcessSignal.allCases.filter { $0 != .windowChange }.map(\.number)

    /// The input up to the fence or `deadline`: answers parsed, their bytes, and keys typed ahead.
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

    /// At exit (safe again): reads out what came, waiting for a missing fence until its deadline,
    /// drops the answers, gives back the keys and the modes.
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
