import APIServer
import BlockArt
import Foundation
import RickAndMortyAPI
import TestSupport
import Testing
import UseCases

@testable import TerminalUI

/// The browser's state machine and view, without a terminal.
@Suite struct BrowseStateTests {
    static let characters: [RMCharacter] = TestData.fixturesDataset.characters.prefix(30).compactMap {
        try? $0.model(at: "test")
    }

    static func page(_ count: Int, number: Int = 1, pages: Int = 2) -> Page<RMCharacter> {
        Page(number: number, count: 30, pages: pages, items: Array(characters.prefix(count)))
    }

    @Test func typingSearchesAndTabCyclesTheStatus() {
        var state = BrowseState()
        #expect(state.apply(key: .character("r")) == [.search(name: "r", status: .any)])
        #expect(state.apply(key: .character("q")) == [.search(name: "rq", status: .any)], "q types while typing")
        #expect(state.apply(key: .backspace) == [.search(name: "r", status: .any)])
        #expect(state.apply(key: .tab) == [.search(name: "r", status: .alive)])
        _ = state.apply(key: .tab)
        _ = state.apply(key: .tab)
        #expect(state.apply(key: .tab) == [.search(name: "r", status: .any)])
        #expect(state.apply(key: .control("u")) == [.search(name: "", status: .any)])
        #expect(state.apply(key: .control("s")) == [.search(name: "", status: .alive)], "Ctrl-S cycles too")
        #expect(state.apply(key: .escape) == [.abort], "Esc quits, as fzf's")
        #expect(state.apply(key: .control("c")) == [.abort])
        #expect(state.apply(key: .control("g")) == [.abort], "Ctrl-G is fzf's abort")
        #expect(state.apply(key: .control("q")) == [.abort])
    }

    /// The search line edits as fzf's: the cursor moves, deletions on either side of it, and
    /// Ctrl-Y puts back what was deleted last.
    @Test func theLineEditsAsFzfs() {
        var state = BrowseState()
        for letter in "rick sanchez" { _ = state.apply(key: .character(letter)) }
        _ = state.apply(key: .control("a"))
        #expect(state.apply(key: .character("x")) == [.search(name: "xrick sanchez", status: .any)])
        #expect(state.apply(key: .left).isEmpty && state.apply(key: .delete) == [.search(name: "rick sanchez", status: .any)])
        #expect(state.apply(key: .control("d")) == [.search(name: "ick sanchez", status: .any)], "Ctrl-D deletes forward")
        _ = state.apply(key: .control("e"))
        _ = state.apply(key: .control("w"))
        #expect(state.query == "ick ")
        _ = state.apply(key: .control("y"))
        #expect(state.query == "ick sanchez", "Ctrl-Y yanks what Ctrl-W removed")
        _ = state.apply(key: .alt("b"))
        _ = state.apply(key: .control("b"))
        _ = state.apply(key: .control("u"))
        #expect(state.query == " sanchez" && state.line.cursor == 0)
        _ = state.apply(key: .control("f"))
        _ = state.apply(key: .alt("d"))
        #expect(state.query == " ")
        _ = state.apply(key: .backspace)
        #expect(state.query.isEmpty)
        #expect(state.apply(key: .control("d")) == [.abort], "Ctrl-D on an empty line quits")
    }

    /// A long line scrolls so that the cursor, and what is typed at it, shows.
    @Test func aLongLineScrollsToTheCursor() {
        var line = QueryLine(String(repeating: "abcdefghij", count: 15))
        let end = line.visible(columns: 20)
        #expect(end.beforeCursor.hasPrefix("…") && end.beforeCursor.hasSuffix("hij") && end.afterCursor.isEmpty)
        #expect(TerminalText.width(end.beforeCursor) <= 20)
        line.moveToStart()
        let start = line.visible(columns: 20)
        #expect(start.beforeCursor.isEmpty && start.afterCursor.hasPrefix("abcdefghij") && start.afterCursor.hasSuffix("…"))
        let view = BrowseView(width: 40, height: 10, style: Style(enabled: false), renderer: CellRenderer(mode: .truecolor))
        var state = BrowseState()
        state.query = String(repeating: "x", count: 140) + "END"
        #expect(view.render(state)[0].contains("END▏"), "what is typed is seen")
    }

    @Test func resultsAskForAvatarsAndTheListMovesWithinThem() {
        var state = BrowseState()
        let effects = state.apply(search: .loaded(query: BrowseQuery(name: "r", status: .any), page: Self.page(20)))
        #expect(effects == [.fetchAvatars(Array(Self.characters.prefix(20)))])
        _ = state.apply(key: .up)
        #expect(state.selection == 0)
        for _ in 0..<19 { #expect(state.apply(key: .down).isEmpty) }
        #expect(state.selection == 19)
        _ = state.apply(key: .home)
        #expect(state.selection == 0)
        _ = state.apply(key: .end)
        #expect(state.selection == 19)
        #expect(state.apply(key: .down) == [.fetchPage(name: "", status: .any, page: 2, generation: 1)], "↓ past the end loads more")
        #expect(state.apply(key: .pageDown) == [], "one page fetch at a time")
        let more = state.apply(page: Self.page(10, number: 2), generation: state.generation)
        #expect(more == [.fetchMoreAvatars(Array(Self.characters.prefix(10)))], "beside page 1's, not in place of them")
        #expect(state.results.count == 30 && state.selection == 20, "one list: the selection went on into page 2")
        #expect(state.page?.number == 2)
        _ = state.apply(key: .pageUp)
        #expect(state.selection == 19, "PgUp moves a screen (one item with no view)")
        #expect(state.apply(key: .control("d")) == [.abort], "Ctrl-D on an empty line quits")
    }

    /// As in fzf: after moving through the list, every printable key still types, `q` and `p`
    /// among them, and nothing quits or turns a page until a named key or a chord says so.
    @Test func lettersAlwaysTypeWhateverWasMoved() {
        var state = BrowseState()
        _ = state.apply(search: .loaded(query: BrowseQuery(name: "rick", status: .any), page: Self.page(20)))
        state.query = "rick"
        _ = state.apply(key: .down)
        var effects: [BrowseState.Effect] = []
        for letter in " quantum" { effects += state.apply(key: .character(letter)) }
        #expect(state.query == "rick quantum")
        #expect(!effects.contains(.abort))
        #expect(effects.last == .search(name: "rick quantum", status: .any))
        _ = state.apply(key: .control("u"))
        _ = state.apply(key: .down)
        for letter in "poopy?ygnr" { _ = state.apply(key: .character(letter)) }
        #expect(state.query == "poopy?ygnr", "no page turned, no help, no copy, no grid")
        #expect(!state.help && !state.grid)
        #expect(state.apply(key: .control("w")) == [.search(name: "", status: .any)])
        #expect(state.apply(key: .backTab) == [.search(name: "", status: .unknown)])
    }

    @Test func chordsAndNamedKeysActOnTheList() {
        var state = BrowseState()
        _ = state.apply(search: .loaded(query: BrowseQuery(name: "", status: .any), page: Self.page(20)))
        #expect(state.apply(key: .control("o")) == [.share(Self.characters[0])])
        #expect(state.apply(key: .control("t")) == [.fetchAvatars(Array(Self.characters.prefix(20)))])
        #expect(state.grid)
        #expect(state.apply(key: .help) == [] && state.help)
        _ = state.apply(key: .down)
        #expect(state.help && state.helpOffset == 1, "↓ scrolls the help")
        #expect(state.apply(key: .character("x")) == [] && !state.help, "any other key closes the help")
        #expect(state.query.isEmpty)
        #expect(state.apply(key: .control("l")) == [.redraw])
        #expect(state.apply(key: .escape) == [.abort])
    }

    @Test func pickingEndsWithTheChosenCharacter() {
        var state = BrowseState()
        state.picks = true
        _ = state.apply(search: .loaded(query: BrowseQuery(name: "", status: .any), page: Self.page(5)))
        _ = state.apply(key: .down)
        #expect(state.apply(key: .enter) == [.accept([Self.characters[1]], key: nil)])
        #expect(state.screen == .list)
    }

    /// Enter with nothing matched ends a picker with nothing chosen (fzf's exit 1).
    @Test func pickingWithNoMatchAcceptsNothing() {
        var state = BrowseState()
        state.picks = true
        _ = state.apply(search: .empty(query: BrowseQuery(name: "zzz", status: .any)))
        #expect(state.apply(key: .enter) == [.accept([], key: nil)])
    }

    /// `--multi`: Tab marks and moves down, Shift-Tab marks and moves up; Enter chooses the
    /// marked in the order marked.
    @Test func multiMarksAndEnterChoosesEveryMarked() {
        var state = BrowseState()
        state.picks = true
        state.multi = true
        _ = state.apply(search: .loaded(query: BrowseQuery(name: "", status: .any), page: Self.page(5)))
        _ = state.apply(key: .down)
        _ = state.apply(key: .down)
        _ = state.apply(key: .tab)
        #expect(state.selection == 3)
        _ = state.apply(key: .backTab)
        _ = state.apply(key: .up)
        _ = state.apply(key: .up)
        _ = state.apply(key: .up)
        _ = state.apply(key: .tab)
        #expect(state.status == .any, "with --multi, Tab does not cycle the status")
        #expect(state.apply(key: .enter) == [.accept([Self.characters[2], Self.characters[3], Self.characters[0]], key: nil)])
    }

    /// `--expect`: those keys end browse as Enter does, and are named.
    @Test func expectedKeysChooseAndAreNamed() {
        var state = BrowseState()
        state.picks = true
        state.expect = [.control("x"), .function(2)]
        _ = state.apply(search: .loaded(query: BrowseQuery(name: "", status: .any), page: Self.page(5)))
        #expect(state.apply(key: .control("x")) == [.accept([Self.characters[0]], key: "ctrl-x")])
        #expect(state.apply(key: .function(2)) == [.accept([Self.characters[0]], key: "f2")])
        #expect(Key(named: "ctrl-x") == .control("x") && Key(named: "alt-q") == .alt("q") && Key(named: "f12") == .function(12))
        #expect(Key(named: "ctrl-xx") == nil && Key(named: "nope") == nil)
    }

    /// The episodes and people lists take Home, End, PgUp and PgDn.
    @Test func subListsTakeHomeEndAndPages() {
        var state = BrowseState()
        state.visibleItems = 10
        state.push(.people(title: "Residents", .characters(ids: []), .loaded(Array(Self.characters.prefix(25)))))
        _ = state.apply(key: .end)
        #expect(state.itemSelection == 24)
        _ = state.apply(key: .home)
        _ = state.apply(key: .pageDown)
        #expect(state.itemSelection == 10)
        _ = state.apply(key: .pageDown)
        _ = state.apply(key: .pageDown)
        #expect(state.itemSelection == 24)
        _ = state.apply(key: .control("k"))
        #expect(state.itemSelection == 23)
    }

    @Test func aPageForOlderResultsIsDropped() {
        var state = BrowseState()
        _ = state.apply(search: .loaded(query: BrowseQuery(name: "r", status: .any), page: Self.page(20)))
        let stale = state.generation
        _ = state.apply(search: .loading(query: BrowseQuery(name: "ri", status: .any)))
        _ = state.apply(search: .loaded(query: BrowseQuery(name: "ri", status: .any), page: Self.page(3)))
        #expect(state.apply(page: Self.page(20, number: 2), generation: stale) == [])
        #expect(state.results.count == 3)
        #expect(state.page?.number == 1)
    }

    @Test func enterOpensTheDetailAndEscapeComesBack() {
        var state = BrowseState()
        _ = state.apply(search: .loaded(query: BrowseQuery(name: "r", status: .any), page: Self.page(5)))
        _ = state.apply(key: .down)
        let chosen = Self.characters[1]
        #expect(state.apply(key: .enter) == [.fetchDetail(chosen)])
        #expect(state.screen == .detail(chosen, episodes: .loading))
        state.apply(detail: chosen, episodes: .loaded([]))
        #expect(state.screen == .detail(chosen, episodes: .loaded([])))
        #expect(state.apply(key: .escape) == [])
        #expect(state.screen == .list)
    }

    static func plain(_ line: String) -> String {
        line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    @Test func theViewFitsTheScreenInEveryState() {
        var state = BrowseState()
        let view = BrowseView(width: 60, height: 16, style: Style(enabled: true), renderer: CellRenderer(mode: .truecolor))
        let (rick, zzz, x) = (
            BrowseQuery(name: "rick", status: .any), BrowseQuery(name: "zzz", status: .any), BrowseQuery(name: "x", status: .any)
        )
        let states: [SearchState<BrowseQuery>] = [
            .idle, .loading(query: rick), .loaded(query: rick, page: Self.page(20)),
            .empty(query: zzz),
            .failed(
                query: x, error: CapturedError(APIError.transport(.unreachable(host: "127.0.0.1", cause: .system(.connectionRefused))))),
        ]
        let expected = [
            "Type a name", "searching “rick”…", "30 matches · page 1 of 2", "no matches for “zzz”",
            "error: cannot reach",
        ]
        for (search, text) in zip(states, expected) {
            _ = state.apply(search: search)
            let lines = view.render(state)
            #expect(lines.count == 16)
            #expect(lines.allSatisfy { TerminalText.width(Self.plain($0)) <= 60 }, "\(search)")
            #expect(Self.plain(lines[15]).contains(text), "\(search)")
        }
        _ = state.apply(search: .loaded(query: rick, page: Self.page(20)))
        let lines = view.render(state).map(Self.plain)
        #expect(lines[2].contains("▶ ● \(Self.characters[0].name) #\(Self.characters[0].id)"))
        #expect(lines.filter { $0.contains(" #") }.count == 6, "(16 - 3) / 2 items fit")
        for _ in 0..<10 { _ = state.apply(key: .down) }
        let scrolled = view.render(state).map(Self.plain)
        #expect(scrolled.contains { $0.contains("▶ ● \(Self.characters[10].name)") }, "the selection stays in view")
    }

    /// Below about 60x16 each screen stays legible: the detail drops its avatar before its
    /// values, the footer keeps the way out, the help scrolls.
    @Test func narrowScreensDegradeLegibly() {
        let small = BrowseView(width: 40, height: 10, style: Style(enabled: false), renderer: CellRenderer(mode: .truecolor))
        var state = BrowseState()
        _ = state.apply(search: .loaded(query: BrowseQuery(name: "", status: .any), page: Self.page(20)))
        let rick = Self.characters[0]
        _ = state.apply(key: .enter)
        state.apply(detail: rick, episodes: .loaded([]))
        let detail = small.render(state)
        #expect(detail.contains { $0.contains("Species") && $0.contains(rick.species) }, "\(detail)")
        #expect(!detail.contains { $0.contains("Species  …") })
        #expect(detail.last?.hasSuffix("q quit") == true, "\(detail.last ?? "")")
        _ = state.apply(key: .escape)
        for width in [40, 70] {
            let view = BrowseView(width: width, height: 20, style: Style(enabled: false), renderer: CellRenderer(mode: .truecolor))
            #expect(view.render(state).last?.hasSuffix("F1 keys · Esc quit") == true, "\(width) columns")
        }
        _ = state.apply(key: .help)
        let first = small.render(state)
        // Each meaning under its key at 40 columns: more lines than keys.
        let total = first[0].split(separator: " of ").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
        #expect(first[0].contains("(1–7 of ") && total > 2 * BrowseView.keys.count, "\(first[0])")
        for _ in 0..<total { _ = state.apply(key: .down) }
        let last = small.render(state)
        #expect(last.contains { $0.contains(BrowseView.keys.last!.0) }, "the last key is reached: \(last)")
    }

    @Test func keysDecodeFromTheTerminalsBytes() {
        #expect(KeyDecoder.keys(in: Array("ri".utf8)) == [.character("r"), .character("i")])
        #expect(KeyDecoder.keys(in: [0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x42]) == [.up, .down])
        #expect(KeyDecoder.keys(in: Array("\u{1B}[6~\u{1B}[5~".utf8)) == [.pageDown, .pageUp])
        #expect(KeyDecoder.keys(in: [0x1B]) == [.escape])
        #expect(
            KeyDecoder.keys(in: [0x03, 0x09, 0x0D, 0x7F, 0x15, 0x0A, 0x0B]) == [
                .control("c"), .tab, .enter, .backspace, .control("u"), .control("j"), .control("k"),
            ])
        #expect(KeyDecoder.keys(in: Array("\u{1B}[3~\u{1B}b\u{1B}\u{7F}\u{1B}[1;5D\u{1B}[1;2C".utf8)) == [.delete, .alt("b"), .altBackspace, .alt("f")])
        #expect(KeyDecoder.keys(in: Array("ñ".utf8)) == [.character("ñ")])
    }
}
