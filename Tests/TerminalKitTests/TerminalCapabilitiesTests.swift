import Testing

import BlockArt
@testable import TerminalKit

@Suite struct TerminalCapabilitiesTests {
    func detect(
        _ environment: [String: String], isTerminal: Bool = true, color: Bool? = nil, graphics: GraphicsProtocol? = nil
    ) -> TerminalCapabilities {
        TerminalCapabilities.detect(
            environment: environment, isTerminal: isTerminal, color: color, graphics: graphics, terminalColumns: nil)
    }

    @Test func colorModesComeFromColortermAndTerm() {
        #expect(detect(["TERM": "xterm-256color", "COLORTERM": "truecolor"]).colorMode == .truecolor)
        #expect(detect(["TERM": "xterm-256color", "COLORTERM": "24bit"]).colorMode == .truecolor)
        #expect(detect(["TERM": "xterm-256color"]).colorMode == .palette256)
        #expect(detect(["TERM": "linux"]).colorMode == .palette16)
        #expect(detect(["TERM": "xterm-kitty"]).colorMode == .truecolor)
        #expect(detect(["TERM": "dumb"]).colorMode == .none)
        #expect(detect(["TERM": "xterm-256color", "NO_COLOR": "1"]).colorMode == .none)
    }

    @Test func notATerminalMeansNoEscapesUnlessForced() {
        #expect(detect(["TERM": "xterm-256color"], isTerminal: false).colorMode == .none)
        #expect(detect(["TERM": "xterm-256color"], isTerminal: false, color: true).colorMode == .palette256)
        #expect(detect(["COLORTERM": "truecolor"], color: false).colorMode == .none)
        let forced = TerminalCapabilities.detect(
            environment: ["TERM": "linux"], isTerminal: true, colorMode: .truecolor, terminalColumns: nil)
        #expect(forced.colorMode == .truecolor)
    }

    @Test func graphicsComeFromWhatTheTerminalAnnounces() {
        #expect(detect(["TERM": "xterm-kitty"]).graphics == .kitty)
        #expect(detect(["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"]).graphics == .kitty)
        #expect(detect(["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"]).graphics == .iterm)
        #expect(detect(["TERM": "foot"]).graphics == .sixel)
        #expect(detect(["TERM": "xterm-256color"]).graphics == .blocks)
        // Inside tmux: blocks, unless asked for by name (then passed through).
        let tmux = detect(["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "KITTY_WINDOW_ID": "1"])
        #expect(tmux.graphics == .blocks)
        #expect(tmux.multiplexed)
        #expect(detect(["TMUX": "x"], graphics: .kitty).graphics == .kitty)
        #expect(detect(["TERM": "xterm-kitty"], isTerminal: false).graphics == .blocks)
    }

    @Test func widthComesFromTheTerminalThenColumns() {
        #expect(detect(["COLUMNS": "132"]).columns == 132)
        #expect(detect([:]).columns == 80)
        let measured = TerminalCapabilities.detect(environment: ["COLUMNS": "132"], isTerminal: true, terminalColumns: 100)
        #expect(measured.columns == 100)
    }
}
