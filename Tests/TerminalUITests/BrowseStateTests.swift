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
        #expect(state.apply(key: .clearLine) == [.search(name: "", status: .any)])
        #expect(state.apply(key: .escape) == [.quit], "Esc on an empty line quits")
        #expect(state.apply(key: .interrupt) == [.quit])
    }

    @Test func resultsAskForAvatarsAndTheListMovesWithinThem() {
        var state = BrowseState()
        let effects = state.apply(search: .loaded(query: BrowseQuery(name: "r", status: .any), page: Self.page(20)))
        #expect(effects == [.fetchAvatars(Array(Self.characters.prefix(20)))])
        _ = state.apply(key: .up)
        #expect(state.selection == 0)
        for _ in 0..<25 { _ = state.apply(key: .down) }
        #expect(state.selection == 19)
        _ = state.apply(key: .home)
        #expect(state.selection == 0)
        _ = state.apply(key: .end)
        #expect(state.selection == 19)
        #expect(state.apply(key: .pageDown) == [.fetchPage(name: "", status: .any, page: 2, generation: 1)])
        #expect(state.apply(key: .pageDown) == [], "one page fetch at a time")
        #expect(state.apply(key: .endOfInput) == [.quit], "Ctrl-D quits")
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
        #expect(!effects.contains(.quit))
        #expect(effects.last == .search(name: "rick quantum", status: .any))
        _ = state.apply(key: .clearLine)
        _ = state.apply(key: .down)
        for letter in "poopy?ygnr" { _ = state.apply(key: .character(letter)) }
        #expect(state.query == "poopy?ygnr", "no page turned, no help, no copy, no grid")
        #expect(!state.help && !state.grid)
        #expect(state.apply(key: .deleteWord) == [.search(name: "", status: .any)])
        #expect(state.apply(key: .backTab) == [.search(name: "", status: .unknown)])
    }

    @Test func chordsAndNamedKeysActOnTheList() {
        var state = BrowseState()
        _ = state.apply(search: .loaded(query: BrowseQuery(name: "", status: .any), page: Self.page(20)))
        #expect(state.apply(key: .copy) == [.share(Self.characters[0])])
        #expect(state.apply(key: .toggleGrid) == [.fetchAvatars(Array(Self.characters.prefix(20)))])
        #expect(state.grid)
        #expect(state.apply(key: .help) == [] && state.help)
        #expect(state.apply(key: .character("x")) == [] && !state.help, "any key closes the help")
        #expect(state.query.isEmpty)
        #expect(state.apply(key: .escape) == [.quit], "Esc on an empty line quits")
    }

    @Test func pickingEndsWithTheChosenCharacter() {
        var state = BrowseState()
        state.picks = true
        _ = state.apply(search: .loaded(query: BrowseQuery(name: "", status: .any), page: Self.page(5)))
        _ = state.apply(key: .down)
        #expect(state.apply(key: .enter) == [.pick(Self.characters[1])])
        #expect(state.screen == .list)
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
                query: x, error: CapturedError(APIError.transport(.unreachable(host: "127.0.0.1", reason: "connection refused")))),
        ]
        let expected = [
            "Type a name to search", "searching “rick”…", "30 matches · page 1 of 2", "no matches for “zzz”",
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

    @Test func keysDecodeFromTheTerminalsBytes() {
        #expect(KeyDecoder.keys(in: Array("ri".utf8)) == [.character("r"), .character("i")])
        #expect(KeyDecoder.keys(in: [0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x42]) == [.up, .down])
        #expect(KeyDecoder.keys(in: Array("\u{1B}[6~\u{1B}[5~".utf8)) == [.pageDown, .pageUp])
        #expect(KeyDecoder.keys(in: [0x1B]) == [.escape])
        #expect(KeyDecoder.keys(in: [0x03, 0x09, 0x0D, 0x7F, 0x15]) == [.interrupt, .tab, .enter, .backspace, .clearLine])
        #expect(KeyDecoder.keys(in: Array("ñ".utf8)) == [.character("ñ")])
    }
}
