import Foundation
import RickAndMortyAPI
import Testing

@testable import TerminalUI

/// Clicks and the wheel in browse: SGR reports decoded, mapped to the list's rows, and turned
/// into selection, opening and paging.
@Suite struct MouseTests {
    func keys(_ text: String) -> [Key] { KeyDecoder.keys(in: Array(text.utf8)) }

    @Test func sgrReportsDecodeAmongOtherKeys() {
        #expect(
            keys("a\u{1B}[<0;10;5M\u{1B}[<0;10;5mb")
                == [
                    .character("a"), .mouse(MouseEvent(action: .press(button: 0), column: 10, row: 5)),
                    .mouse(MouseEvent(action: .release, column: 10, row: 5)), .character("b"),
                ])
        #expect(keys("\u{1B}[<64;3;4M") == [.mouse(MouseEvent(action: .wheelUp, column: 3, row: 4))])
        #expect(keys("\u{1B}[<65;3;4M") == [.mouse(MouseEvent(action: .wheelDown, column: 3, row: 4))])
        #expect(keys("\u{1B}[<2;3;4M") == [.mouse(MouseEvent(action: .press(button: 2), column: 3, row: 4))])
        #expect(keys("\u{1B}[<16;3;4M") == [.mouse(MouseEvent(action: .press(button: 0), column: 3, row: 4))], "Ctrl-click")
        for junk in ["\u{1B}[<32;3;4M", "\u{1B}[<0;0;4M", "\u{1B}[<0;3M", "\u{1B}[<0;3;4;5M"] {
            #expect(keys(junk + "x") == [.character("x")], "\(junk.debugDescription)")
        }
    }

    @Test func clicksSelectAndADoubleClickOpens() {
        let view = BrowseView(width: 80, height: 24, style: Style(enabled: false), renderer: BrowseFeaturesTests.view.renderer)
        var state = BrowseFeaturesTests().loaded()
        // Rows 1–2 are the search line and the rule; each result takes two rows from row 3.
        #expect(view.item(atRow: 1, state) == nil && view.item(atRow: 2, state) == nil)
        #expect(view.item(atRow: 3, state) == 0 && view.item(atRow: 4, state) == 0 && view.item(atRow: 7, state) == 2)
        #expect(view.item(atRow: 24, state) == nil, "the status line")
        let selected = state.apply(click: 2, double: false)
        #expect(selected.isEmpty && state.selection == 2)
        let outside = state.apply(click: nil, double: false)
        #expect(outside.isEmpty && state.selection == 2)
        let opened = state.apply(click: 2, double: true)
        #expect(opened == [.fetchDetail(BrowseFeaturesTests.characters[2])])
        #expect(view.item(atRow: 7, state) == nil, "no list under the detail")
    }

    @Test func theWheelScrollsAndPagesAtTheEnds() {
        var state = BrowseFeaturesTests().loaded()
        let down = state.apply(wheel: 1)
        #expect(down.isEmpty && state.selection == 1)
        let up = state.apply(wheel: -1)
        #expect(up.isEmpty && state.selection == 0)
        let before = state.apply(wheel: -1)
        #expect(before.isEmpty, "page 1 has no page before it")
        state.selection = state.results.count - 1
        let generation = state.generation
        let next = state.apply(wheel: 1)
        #expect(next == [.fetchPage(name: "", status: .any, page: 2, generation: generation)])
    }

    /// The state reads no clock: the time of each click comes with it, so a pair's speed is
    /// the caller's to say.
    @Test func clicksThroughTheirKeysOpenOnlyWhenQuick() {
        let view = BrowseView(width: 80, height: 24, style: Style(enabled: false), renderer: BrowseFeaturesTests.view.renderer)
        let click = Key.mouse(MouseEvent(action: .press(button: 0), column: 5, row: 7))
        let start = ContinuousClock.now
        var state = BrowseFeaturesTests().loaded()
        var clicks = DoubleClick()
        #expect(state.apply(keys: [click], view: view, clicks: &clicks, at: start).isEmpty)
        #expect(state.apply(keys: [click], view: view, clicks: &clicks, at: start + .seconds(2)).isEmpty, "too slow")
        #expect(
            state.apply(keys: [click], view: view, clicks: &clicks, at: start + .seconds(2.2))
                == [.fetchDetail(BrowseFeaturesTests.characters[2])])
    }

    @Test func aDoubleClickIsTheSameItemWithinTheInterval() {
        var clicks = DoubleClick()
        let start = ContinuousClock.now
        let answers = [(3, 0), (3, 300), (3, 350), (4, 400), (4, 900)].map { index, milliseconds in
            clicks.click(index, at: start + .milliseconds(milliseconds))
        }
        // The second is a double click; a third starts again; another item, or too slow, is not.
        #expect(answers == [false, true, false, false, false])
    }
}
