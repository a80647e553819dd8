import ArgumentParser
import BlockArt
import FoundationEssentials
import TerminalKit

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

    /// What these options, `--color` and the environment ask of the terminal, for
    /// `TerminalSession.prepare`: `ProbeMemory` keeps a terminal session's answers.
    func settings(color: ColorChoice) -> TerminalSettings {
        var settings = TerminalSettings(environment: Self.environment)
        settings.color =
            switch color {
            case .always: true
            case .never: false
            case .auto: nil
            }
        settings.colorMode = colorMode
        settings.graphics = graphics.chosen
        settings.symbols = (symbols ?? Self.environment["RICKDEX_SYMBOLS"].flatMap(SymbolChoice.init(rawValue:)) ?? .auto).chosen
        settings.probes = !noProbe && Self.environment["RICKDEX_NO_PROBE"] != "1"
        settings.probeTimeout = probeTimeout
        settings.memory = .standard(environment: Self.environment, application: "rickdex")
        return settings
    }

    /// Makes the terminal ready for a command that draws (`TerminalSession.prepare`), and says
    /// what cannot be shown.
    func prepareTerminal(color: ColorChoice) async -> TerminalCapabilities {
        let session = await TerminalSession.prepare(settings(color: color))
        Self.say(session)
        return session.capabilities
    }

    /// Says on standard error what `--graphics` asked for that cannot be shown, and a pane whose
    /// `allow-passthrough` could not be turned on.
    static func say(_ session: TerminalSession) {
        if let refused = session.refused {
            let instead = refused.drawn == .blocks ? "block symbols" : "\(refused.drawn.rawValue) images"
            StandardStreams.error(
                "rickdex: --graphics \(refused.asked.rawValue) cannot be shown here (tmux \(refused.reason)); "
                    + "drawing \(instead) instead\n")
        }
        if session.passthroughRefused {
            StandardStreams.error("rickdex: could not turn on tmux's allow-passthrough for this pane; images may not show\n")
        }
    }

    /// How long the probe waits for the terminal's answers: `RICKDEX_PROBE_TIMEOUT` seconds, else 1 s.
    var probeTimeout: Duration {
        Self.environment["RICKDEX_PROBE_TIMEOUT"].flatMap(Self.probeTimeout) ?? TerminalProbe.defaultTimeout
    }

    private static func probeTimeout(_ text: String) -> Duration? {
        guard let seconds = Double(text), (0.01...30).contains(seconds) else { return nil }
        return .milliseconds(Int64(seconds * 1000))
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
