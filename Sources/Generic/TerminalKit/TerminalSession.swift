import BlockArt
import FoundationEssentials
import LoupeToolbox

/// A terminal made ready to draw on (`prepare`, the one way): what it can show, and what was found.
public struct TerminalSession: Sendable {
    public var capabilities: TerminalCapabilities
    /// `nil` when the terminal was not asked, or its answers are on their way.
    public var probe: ProbeResult?
    /// A protocol the settings named that cannot get through tmux, and what is drawn instead.
    public var refused: Refusal?
    /// Images need tmux's `allow-passthrough` and it could not be turned on: they may not show.
    public var passthroughRefused = false
    /// While the answers are on their way: the capabilities once a reader finds them.
    public var answered: (@Sendable (ProbeResult) async -> TerminalCapabilities)?

    public struct Refusal: Sendable, Hashable {
        public var asked, drawn: GraphicsProtocol
        public var reason: String
    }

    /// Asks the terminal and tmux, and turns tmux's `allow-passthrough` on when images need it.
    /// Without `waitingForAnswers`, `answered` takes the answers.
    public static func prepare(_ settings: TerminalSettings, waitingForAnswers: Bool = true) async -> TerminalSession {
        await Blocking.run("terminal.prepare") {
            let multiplexed = TerminalCapabilities.isMultiplexed(environment: settings.environment)
            let outcome =
                settings.mayProbe
                ? TerminalProbe.probe(
                    timeout: settings.probeTimeout, memory: settings.memory, multiplexed: multiplexed,
                    waiting: waitingForAnswers) : nil
            let tmux = TmuxClient.query(environment: settings.environment)
            var probe: ProbeResult?
            if case .heard(let result) = outcome { probe = result }
            var session = decided(settings, probe: probe, tmux: tmux).enablingPassthrough(settings)
            if case .sent = outcome {
                session.answered = { result in
                    await Blocking.run("terminal.prepare") {
                        decided(settings, probe: result, tmux: tmux).enablingPassthrough(settings).capabilities
                    }
                }
            }
            return session
        }
    }

    static func decided(_ settings: TerminalSettings, probe: ProbeResult?, tmux: TmuxClient?) -> TerminalSession {
        let detect = { (graphics: GraphicsProtocol?) in
            TerminalCapabilities.detect(
                environment: settings.environment, color: settings.color, colorMode: settings.colorMode,
                graphics: graphics, symbols: settings.symbols, probe: probe?.answers, tmux: tmux)
        }
        let chosen = detect(settings.graphics)
        var session = TerminalSession(capabilities: chosen, probe: probe)
        // Inside tmux, a protocol asked for that cannot get through is drawn as what can, and said.
        guard let asked = settings.graphics, asked != .blocks, chosen.multiplexed, tmux != nil else { return session }
        let found = detect(nil)
        guard found.graphics != asked, let origin = found.origins[.graphics], origin.source == .tmux else { return session }
        session.capabilities = found
        session.refused = Refusal(asked: asked, drawn: found.graphics, reason: origin.detail)
        return session
    }

    private func enablingPassthrough(_ settings: TerminalSettings) -> TerminalSession {
        var session = self
        if settings.enablesPassthrough, capabilities.passthrough, let tmux = capabilities.tmux {
            session.passthroughRefused = !TmuxPassthrough.enable(for: tmux)
        }
        return session
    }
}

/// What a program asks of the terminal it draws on; `TerminalSession.prepare` decides the rest.
public struct TerminalSettings: Sendable {
    /// `true` forces color, `false` refuses it, `nil`: on a terminal, without `NO_COLOR`, `TERM` not `dumb`.
    public var color: Bool?
    /// The color mode whenever color is on; `nil`: from `COLORTERM` and `TERM`.
    public var colorMode: ColorMode?
    /// `nil`: what the terminal answers or announces (never a protocol tmux does not let through).
    public var graphics: GraphicsProtocol?
    /// `nil`: `SymbolSupport`'s richest.
    public var symbols: SymbolSet?
    /// Only when standard input and output are terminals.
    public var probes = true
    /// Asks with standard output sent elsewhere too (a report on the terminal itself).
    public var probesWhenPiped = false
    public var probeTimeout = TerminalProbe.defaultTimeout
    public var memory: ProbeMemory?
    public var enablesPassthrough = true
    public var environment: [String: String]

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    var mayProbe: Bool {
        probes && environment["TERM"] != "dumb" && TerminalDevice.standardInput.isTerminal
            && (probesWhenPiped || TerminalDevice.standardOutput.isTerminal)
    }
}
