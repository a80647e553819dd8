import BlockArt

/// How images reach the terminal from inside tmux: whether escapes are wrapped for its passthrough,
/// and kitty images drawn as Unicode placeholders (text tmux redraws); sixel goes to a tmux that
/// draws it itself; anything else passed through is painted over at tmux's next redraw.
struct TmuxRoute {
    var passthrough, placeholders: Bool

    static let placeholderTerminals: [(name: String, minimum: [Int])] = [("kitty", [0, 28]), ("ghostty", [1, 0])]

    static func drawsPlaceholders(_ identity: TerminalIdentity?) -> Bool {
        guard let identity else { return false }
        return placeholderTerminals.contains { identity.name == $0.name && identity.isAtLeast($0.minimum) }
    }

    static func detected(
        tmux: TmuxClient, identity: TerminalIdentity?, probe: ProbeAnswers?
    ) -> (GraphicsProtocol, TmuxRoute, CapabilityOrigin) {
        let outer = identity.map { [$0.name, $0.version].compactMap { $0 }.joined(separator: " ") } ?? tmux.terminalName
        if drawsPlaceholders(identity), !tmux.utf8 {
            return (
                .blocks, TmuxRoute(passthrough: false, placeholders: false),
                CapabilityOrigin(.tmux, "\(tmux.version): its client is not UTF-8 (set LANG, e.g. C.UTF-8), so no placeholders")
            )
        }
        if drawsPlaceholders(identity) {
            return (
                .kitty, TmuxRoute(passthrough: true, placeholders: true),
                CapabilityOrigin(.tmux, "\(tmux.version): \(outer) draws kitty's Unicode placeholders")
            )
        }
        if tmux.drawsSixel, identity?.name != "tmux" {
            return (
                .sixel, TmuxRoute(passthrough: false, placeholders: false),
                CapabilityOrigin(.tmux, "\(tmux.version) draws sixel, and \(outer) has it in client_termfeatures")
            )
        }
        let lure =
            probe?.deviceAttributes?.contains(4) == true ? "; tmux lists sixel in DA1, but \(outer) has none" : ""
        return (
            .blocks, TmuxRoute(passthrough: false, placeholders: false),
            CapabilityOrigin(.tmux, "\(tmux.version): \(outer) takes neither kitty placeholders nor sixel through tmux\(lure)")
        )
    }

    static func named(_ graphics: GraphicsProtocol, tmux: TmuxClient?, probe: ProbeAnswers?) -> TmuxRoute {
        switch graphics {
        case .blocks:
            return TmuxRoute(passthrough: false, placeholders: false)
        case .kitty:
            return TmuxRoute(passthrough: true, placeholders: tmux != nil)
        case .sixel:
            // tmux 3.4 and later built with sixel (DA1 lists it) draws sixel itself.
            let drawsItself = tmux != nil && (tmux?.drawsSixel == true || probe?.deviceAttributes?.contains(4) == true)
            return TmuxRoute(passthrough: !drawsItself, placeholders: false)
        case .iterm:
            return TmuxRoute(passthrough: true, placeholders: false)
        }
    }
}
