import ArgumentParser
import BlockArt
import FoundationEssentials
import LoupeToolbox

/// How images are drawn: color mode, symbol set and graphics protocol, detected unless given.
struct DisplayOptions: ParsableArguments, Sendable {
    @Option(
        name: .customLong("color-mode"),
        help: ArgumentHelp(
            "truecolor, 256, 16 or none.", discussion: "Default: from COLORTERM and TERM (none when color is off).",
            valueName: "mode"))
    var colorMode: ColorMode?

    @Option(
        help: ArgumentHelp(
            "half, quadrant, sextant, octant or auto (default: $RICKDEX_SYMBOLS, else auto).",
            discussion: "auto: the richest set the terminal is known to draw (see `rickdex terminal`); half when unknown.",
            valueName: "set"))
    var symbols: SymbolChoice?

    @Option(
        help: ArgumentHelp(
            "auto, kitty, iterm, sixel or blocks (auto: what the terminal answers or announces).",
            discussion:
                "Inside tmux: kitty's Unicode placeholders when tmux's client is kitty 0.28+, sixel when tmux 3.4+ draws it for its client, else blocks."
        ))
    var graphics: GraphicsChoice = .auto

    @Flag(
        help: ArgumentHelp(
            "Do not ask the terminal what it can do (also RICKDEX_NO_PROBE=1); use the environment alone.",
            discussion: "The probe costs one round trip once a terminal session, at most RICKDEX_PROBE_TIMEOUT seconds (1)."))
    var noProbe = false

    func validate() throws {
        if let value = Self.environment["RICKDEX_PROBE_TIMEOUT"], !value.isEmpty, Self.probeTimeout(value) == nil {
            throw ValidationError(
                "RICKDEX_PROBE_TIMEOUT must be a number of seconds from 0.01 to 30 (like 1 or 2.5), not '\(value)'")
        }
        if symbols == nil, let value = Self.environment["RICKDEX_SYMBOLS"], !value.isEmpty, SymbolChoice(rawValue: value) == nil {
            throw ValidationError(
                "RICKDEX_SYMBOLS must be one of \(SymbolChoice.allCases.map(\.rawValue).joined(separator: ", ")), not '\(value)'")
        }
    }

    /// Makes the terminal ready for a command that draws, and says what it can do under these
    /// options and `--color`: asks the terminal (once a terminal session, when standard input and
    /// output are both a terminal; `ProbeMemory` keeps its answers), asks tmux about its client,
    /// says on stderr what `--graphics` asked for that cannot be shown, and inside tmux turns
    /// `allow-passthrough` on for this pane when the images need it (put back as it was when the
    /// process ends, `TmuxPassthrough`). The probe waits up to its timeout and tmux is a child
    /// process: both on a thread of their own, not the pool's.
    func prepareTerminal(color: ColorChoice) async -> TerminalCapabilities {
        let options = self
        return await Blocking.run("terminal.prepare") { Self.prepare(options.detected(color: color)) }
    }

    /// What the terminal can do, asked as `prepareTerminal` asks, for a command that only sizes
    /// what it makes (`warm`'s thumbnails): nothing is said and tmux's options stay as they are.
    func detectTerminal(color: ColorChoice) async -> Detected {
        let options = self
        return await Blocking.run("terminal.probe") { options.detected(color: color) }
    }

    /// The probe's answers and tmux's, as capabilities: it waits, so on a thread of its own.
    private func detected(color: ColorChoice) -> Detected {
        capabilities(color: color, probe: probe(), tmux: Self.tmux())
    }

    /// `prepareTerminal` for browse, whose first screen must not wait a round trip: the
    /// capabilities from what this terminal session heard before, or, while the probe's answers
    /// are on their way, from the environment, with how to prepare again once the answers come
    /// (`nil` when nothing was asked). `color` is `always` or `never`: browse draws on a
    /// terminal even with standard output piped, so its caller decides.
    func prepareTerminalWithoutWaiting(color: ColorChoice = .always) -> (
        TerminalCapabilities, answered: (@Sendable (ProbeResult) -> TerminalCapabilities)?
    ) {
        let asked =
            shouldProbe(evenWhenPiped: false)
            ? TerminalProbe.ask(timeout: probeTimeout, memory: Self.memory, multiplexed: Self.multiplexed) : nil
        let tmux = Self.tmux()
        switch asked {
        case .recalled(let result):
            return (Self.prepare(capabilities(color: color, probe: result, tmux: tmux)), nil)
        case .sent:
            let options = self
            return (
                Self.prepare(capabilities(color: color, probe: nil, tmux: tmux)),
                // Said once, before the screen: not again over it when the answers come.
                { Self.prepare(options.capabilities(color: color, probe: $0, tmux: tmux).unsaid) }
            )
        case nil:
            return (Self.prepare(capabilities(color: color, probe: nil, tmux: tmux)), nil)
        }
    }

    /// Says what cannot be shown, and turns tmux's `allow-passthrough` on when the images need it.
    private static func prepare(_ detected: Detected) -> TerminalCapabilities {
        if let unshown = detected.unshown { StandardStreams.error("rickdex: \(unshown)\n") }
        let capabilities = detected.capabilities
        if capabilities.passthrough, let tmux = capabilities.tmux, !TmuxPassthrough.enable(for: tmux) {
            StandardStreams.error("rickdex: could not turn on tmux's allow-passthrough for this pane; images may not show\n")
        }
        return capabilities
    }

    /// What tmux says of its client's terminal, inside tmux (it runs `tmux display-message`).
    static func tmux() -> TmuxClient? {
        TmuxClient.query(environment: environment)
    }

    /// The capabilities, and what `--graphics` asked for that cannot be shown here.
    struct Detected {
        var capabilities: TerminalCapabilities
        /// `--graphics kitty cannot be shown here (…); drawing block symbols instead`.
        var unshown: String?

        /// The same, with nothing to say.
        var unsaid: Detected { Detected(capabilities: capabilities) }
    }

    /// The capabilities with the probe's result and tmux's client given: no I/O.
    func capabilities(color: ColorChoice, probe: ProbeResult?, tmux: TmuxClient?) -> Detected {
        let forced: Bool? =
            switch color {
            case .always: true
            case .never: false
            case .auto: nil
            }
        let choice = symbols ?? Self.environment["RICKDEX_SYMBOLS"].flatMap(SymbolChoice.init(rawValue:)) ?? .auto
        let detect = { (graphics: GraphicsProtocol?) in
            TerminalCapabilities.detect(
                color: forced, colorMode: colorMode, graphics: graphics, symbols: choice.chosen, probe: probe?.answers,
                tmux: tmux)
        }
        let chosen = detect(graphics.chosen)
        // Inside tmux, what reaches the screen is known (its version, its client's features): a
        // protocol asked for that cannot get through is said, and what can is drawn instead.
        guard let asked = graphics.chosen, asked != .blocks, chosen.multiplexed, let tmux else { return Detected(capabilities: chosen) }
        let found = detect(nil)
        guard found.graphics != asked, found.origins[.graphics]?.source == .tmux else { return Detected(capabilities: chosen) }
        let why = found.origins[.graphics]?.detail ?? "tmux \(tmux.version)"
        let instead = found.graphics == .blocks ? "block symbols" : "\(found.graphics.rawValue) images"
        return Detected(
            capabilities: found, unshown: "--graphics \(asked.rawValue) cannot be shown here (tmux \(why)); drawing \(instead) instead")
    }

    /// What the terminal said (asked once a terminal session, see `ProbeMemory`), or `nil` when
    /// it is not to be asked or there is none. `evenWhenPiped` asks with standard output sent
    /// elsewhere too (`rickdex terminal --json > file` reports on the terminal it runs in).
    func probe(evenWhenPiped: Bool = false) -> ProbeResult? {
        guard shouldProbe(evenWhenPiped: evenWhenPiped) else { return nil }
        return TerminalProbe.result(
            timeout: probeTimeout, memory: Self.memory, multiplexed: Self.multiplexed)
    }

    /// Where what this terminal session's terminal said is remembered.
    static var memory: ProbeMemory { .standard(environment: environment, application: "rickdex") }

    /// Inside tmux or screen, which answer the probe in the terminal's place.
    static var multiplexed: Bool { TerminalCapabilities.isMultiplexed(environment: environment) }

    /// How long the probe waits for the terminal's answers: `RICKDEX_PROBE_TIMEOUT` seconds, else 1 s.
    var probeTimeout: Duration {
        Self.environment["RICKDEX_PROBE_TIMEOUT"].flatMap(Self.probeTimeout) ?? TerminalProbe.defaultTimeout
    }

    private static func probeTimeout(_ text: String) -> Duration? {
        guard let seconds = Double(text), (0.01...30).contains(seconds) else { return nil }
        return .milliseconds(Int64(seconds * 1000))
    }

    /// Probing writes to the terminal and reads its answers: only on a terminal, and not when
    /// the output is piped unless asked.
    private func shouldProbe(evenWhenPiped: Bool) -> Bool {
        !noProbe && Self.environment["RICKDEX_NO_PROBE"] != "1" && TerminalDevice.standardInput.isTerminal
            && (evenWhenPiped || TerminalDevice.standardOutput.isTerminal) && Self.environment["TERM"] != "dumb"
    }

    private static var environment: [String: String] { ProcessInfo.processInfo.environment }
}

/// `--graphics`.
enum GraphicsChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, kitty, iterm, sixel, blocks

    var chosen: GraphicsProtocol? { self == .auto ? nil : GraphicsProtocol(rawValue: rawValue) }
}

/// `--symbols`.
enum SymbolChoice: String, ExpressibleByArgument, CaseIterable {
    case half, quadrant, sextant, octant, auto

    var chosen: SymbolSet? { SymbolSet(rawValue: rawValue) }
}

extension ColorMode: ExpressibleByArgument {}
