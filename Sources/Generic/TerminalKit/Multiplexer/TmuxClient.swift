import BlockArt
import FoundationEssentials
import LoupeToolbox

/// What tmux knows of the terminal its client runs in (`display -p`, for this pane): tmux answers
/// the probe in its place (XTVERSION `tmux 3.5a`; 3.4+ lists sixel in DA1 regardless), but learned
/// the truth as the client attached: `client_termtype` is the terminal's XTVERSION answer, and
/// `client_termfeatures` holds `sixel` only when it draws sixel.
public struct TmuxClient: Sendable, Hashable {
    /// `3.3a`, `3.5a`, `next-3.6`.
    public var version: String
    /// The client's `TERM`.
    public var terminalName: String
    /// The client terminal's XTVERSION answer (`kitty(0.41.1)`).
    public var terminalType: String?
    /// `RGB`, `sixel`, `usstyle`, …
    public var features: Set<String>
    public var cellSize: CellSize?
    /// `allow-passthrough` as it applies to the pane: `off`, `on` or `all` (`0` or `1` in tmux 3.3).
    public var passthrough: String
    public var pane: String
    /// Lives as long as its terminal session.
    public var clientProcess: Int32?
    /// tmux writes UTF-8 to the client (its `LANG`/`LC_*`); else every non-ASCII character is `_`.
    public var utf8: Bool

    /// The formats asked for, tab-separated, in the order `init(display:)` reads them.
    static let format = [
        "version", "client_termname", "client_termtype", "client_termfeatures", "client_cell_width",
        "client_cell_height", "allow-passthrough", "pane_id", "client_pid", "client_utf8",
    ].map { "#{\($0)}" }.joined(separator: "\t")

    public init?(display: String) {
        let fields = display.trimmingWhitespace().split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 10, let first = fields[0].first, first.isNumber || fields[0].hasPrefix("next") else {
            return nil
        }
        version = fields[0]
        terminalName = fields[1]
        terminalType = fields[2].isEmpty ? nil : fields[2]
        features = Set(fields[3].split(separator: ",").map(String.init))
        if let width = Int(fields[4]), let height = Int(fields[5]), width > 0, height > 0 {
            cellSize = CellSize(width: width, height: height)
        }
        passthrough = fields[6].isEmpty ? "off" : fields[6]
        pane = fields[7]
        clientProcess = Int32(fields[8])
        utf8 = fields[9] != "0"
    }

    /// Asks tmux about the pane `$TMUX_PANE`; `nil` outside tmux or without an answer. Blocks.
    static func query(environment: [String: String]) -> TmuxClient? {
        guard environment["TMUX"]?.isEmpty == false else { return nil }
        let target = environment["TMUX_PANE"].map { ["-t", $0] } ?? []
        guard let answer = Tmux.run(["display-message", "-p"] + target + [format]) else { return nil }
        return TmuxClient(display: answer)
    }

    /// The client's terminal: from its XTVERSION answer, else from its `TERM`.
    public var outerIdentity: TerminalIdentity? {
        if let type = terminalType, let identity = TerminalIdentity(xtversion: type) { return identity }
        return TerminalIdentity(environment: ["TERM": terminalName])
    }

    /// tmux draws sixel itself (3.4+, built with it) for a client that shows it: not passed through.
    public var drawsSixel: Bool {
        features.contains("sixel") && TerminalIdentity(name: "tmux", version: version).isAtLeast([3, 4])
    }

    /// 24-bit color reaches the client's terminal as it is; without `RGB` tmux maps it to the palette.
    public var carriesTruecolor: Bool { features.contains("RGB") }

    public var passesThrough: Bool { ["on", "all", "1"].contains(passthrough) }
}
