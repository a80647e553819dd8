import LoupeImaging
import Testing

@testable import BlockArt
@testable import TerminalKit

/// Inside tmux: what tmux says of its client's terminal, and the route images take from it.
@Suite struct TmuxTests {
    /// tmux 3.3a in kitty 0.41.1, as `display -p` answered in kitty under Xvfb.
    static let kittyClient = TmuxClient(
        display: "3.3a\txterm-kitty\tkitty(0.41.1)\tbpaste,ccolour,clipboard,cstyle,focus,title\t9\t18\t0\t%0\t4242\t1")!
    /// tmux 3.5a in `xterm -ti vt340`, and in a plain xterm (no sixel), as answered there.
    static let sixelClient = TmuxClient(
        display: "3.5a\txterm\tXTerm(379)\t256,bpaste,ccolour,clipboard,cstyle,extkeys,focus,mouse,rectfill,RGB,sixel,"
            + "strikethrough,title\t10\t20\toff\t%3\t77\t1")!
    static let plainXterm = TmuxClient(
        display: "3.5a\txterm\tXTerm(379)\t256,bpaste,ccolour,clipboard,RGB,strikethrough,title\t10\t20\toff\t%3\t77\t1")!

    func detect(_ tmux: TmuxClient, graphics: GraphicsProtocol? = nil, probe: ProbeAnswers? = nil) -> TerminalCapabilities {
        TerminalCapabilities.detect(
            environment: ["TERM": "screen-256color", "TMUX": "/tmp/tmux-0/default,1,0"], isTerminal: true,
            graphics: graphics, probe: probe, tmux: tmux, terminalColumns: nil, kernelCellSize: nil)
    }

    @Test func tmuxsAnswerIsRead() {
        let client = Self.kittyClient
        #expect(client.version == "3.3a" && client.terminalName == "xterm-kitty")
        #expect(client.outerIdentity == TerminalIdentity(name: "kitty", version: "0.41.1"))
        #expect(client.cellSize == CellSize(width: 9, height: 18))
        #expect(client.pane == "%0" && client.clientProcess == 4242)
        #expect(!client.passesThrough, "tmux 3.3a writes the option as 0 or 1")
        #expect(!client.drawsSixel && !client.carriesTruecolor)
        #expect(Self.sixelClient.drawsSixel && Self.sixelClient.carriesTruecolor)
        #expect(TmuxClient(display: "no server running on /tmp/tmux-0/default") == nil)
        #expect(TmuxClient(display: "3.3a\txterm") == nil, "too few fields")
    }

    @Test func kittyOutsideTmuxGetsPlaceholdersPassedThrough() {
        let found = detect(Self.kittyClient)
        #expect(found.graphics == .kitty && found.placeholders && found.passthrough)
        #expect(found.identity?.name == "kitty")
        #expect(found.symbols == .octant, "kitty 0.40+ draws octants, through tmux too")
        #expect(found.cellSize == CellSize(width: 9, height: 18))
        #expect(!found.placeholderTruecolor, "no RGB in the client's features: ids go as 256-color indices")
        #expect(found.origins[.graphics]?.source == .tmux)
        #expect(found.origins[.graphics]?.detail.contains("Unicode placeholders") == true)
    }

    @Test func aClientWithoutUTF8GetsNoPlaceholders() {
        var ascii = Self.kittyClient
        ascii.utf8 = false
        let found = detect(ascii)
        #expect(found.graphics == .blocks, "tmux would turn every placeholder into _")
        #expect(found.origins[.graphics]?.detail.contains("LANG") == true)
    }

    @Test func oldKittyGetsBlocks() {
        var old = Self.kittyClient
        old.terminalType = "kitty(0.26.5)"
        #expect(detect(old).graphics == .blocks, "placeholders came in kitty 0.28")
    }

    @Test func sixelOnlyWhenTheClientHasItWhateverDA1Says() {
        var tmuxDA1 = ProbeAnswers()
        tmuxDA1.deviceAttributes = [1, 2, 4]
        let sixel = detect(Self.sixelClient, probe: tmuxDA1)
        #expect(sixel.graphics == .sixel && !sixel.passthrough, "tmux 3.4+ draws sixel itself: sent unwrapped")
        let plain = detect(Self.plainXterm, probe: tmuxDA1)
        #expect(plain.graphics == .blocks)
        #expect(plain.origins[.graphics]?.detail.contains("DA1") == true, "the origin says why DA1 was not trusted")
        var old = Self.sixelClient
        old.version = "3.3a"
        #expect(detect(old).graphics == .blocks, "tmux before 3.4 does not draw sixel")
    }

    @Test func nestedTmuxGetsBlocks() {
        var nested = Self.sixelClient
        nested.terminalType = "tmux 3.5a"
        nested.terminalName = "tmux-256color"
        #expect(detect(nested).graphics == .blocks)
    }

    @Test func aNamedProtocolTravelsAsTmuxAllows() {
        let sixel = detect(Self.sixelClient, graphics: .sixel)
        #expect(!sixel.passthrough, "tmux 3.5a takes sixel itself")
        var old = Self.sixelClient
        old.version = "3.3a"
        old.features.remove("sixel")
        #expect(detect(old, graphics: .sixel).passthrough, "tmux 3.3a passes it through")
        let kitty = detect(Self.kittyClient, graphics: .kitty)
        #expect(kitty.placeholders && kitty.passthrough)
        #expect(!detect(Self.kittyClient, graphics: .blocks).passthrough)
    }

    @Test func theProbeLeavesTheKittyQueryOutInsideTmux() {
        #expect(TerminalProbe.queries(multiplexed: false).contains("\u{1B}_G"))
        let inside = TerminalProbe.queries(multiplexed: true)
        #expect(!inside.contains("\u{1B}_"), "tmux and screen take an APC string for the title")
        #expect(inside.hasSuffix("\u{1B}[c"), "DA1 is still the fence")
    }
}

/// tmux redraws sixel without its transparency: the image goes laid on the background.
@Suite struct TmuxSixelTests {
    @Test func tmuxGetsSixelOnTheBackgroundAndOthersGetTransparency() {
        var capabilities = TerminalCapabilities(
            colorMode: .truecolor, graphics: .sixel, columns: 80, multiplexed: true, tmux: TmuxTests.sixelClient,
            passthrough: false, background: RGBA(10, 20, 30), cellSize: CellSize(width: 10, height: 20))
        var clear = Bitmap(width: 4, height: 4)
        clear.fill(RGBA(200, 0, 0), x: 1, y: 1, width: 2, height: 2)
        let laid = GraphicsPlacement(capabilities).opaque(clear)
        #expect(laid[0, 0] == RGBA(10, 20, 30) && laid[1, 1] == RGBA(200, 0, 0))
        capabilities.multiplexed = false
        #expect(GraphicsPlacement(capabilities).opaque(clear)[0, 0].alpha == 0, "a terminal keeps it transparent")
    }
}
