import BlockArt
import Foundation
import LoupeImaging
import RickAndMortyAPI
import TestSupport
import Testing
import UseCases

@testable import TerminalUI

/// fzf's `--layout` and `--height`, the state machine and view alone.
///
/// Where the list's parts go and which way the keys, the wheel and clicks move through it; the
/// inline area's bytes; matched letters, the offline hint, missing episodes and the narrow help.
@Suite struct BrowseLayoutTests {
    static let characters = BrowseStateTests.characters
    static let plain = BrowseStateTests.plain

    func view(width: Int = 60, height: Int = 16, colors: Bool = false) -> BrowseView {
        BrowseView(width: width, height: height, style: Style(enabled: colors), renderer: CellRenderer(mode: .none))
    }

    func loaded(_ layout: BrowseLayout, count: Int = 20) -> BrowseState {
        var state = BrowseState()
        state.layout = layout
        _ = state.apply(search: .loaded(query: BrowseQuery(name: "", status: .any), page: BrowseStateTests.page(count)))
        return state
    }

    @Test func reverseHasTheSearchLineFirstAndTheListGrowingDown() {
        let lines = view().render(loaded(.reverse)).map(Self.plain)
        #expect(lines.count == 16)
        #expect(lines[0].hasPrefix(" Search › ▏"))
        #expect(lines[1].hasPrefix("───"))
        #expect(lines[2].contains("▶ ● \(Self.characters[0].name) #\(Self.characters[0].id)"))
        #expect(lines[4].contains("  ● \(Self.characters[1].name) #\(Self.characters[1].id)"))
        #expect(lines[15].contains("30 matches · page 1 of 2"))
    }

    /// fzf's default: the search line last, the status line above it, and the first match
    /// nearest them, the rest above it.
    @Test func defaultHasTheSearchLineLastAndTheListGrowingUp() {
        let lines = view().render(loaded(.default)).map(Self.plain)
        #expect(lines.count == 16)
        #expect(lines[15].hasPrefix(" Search › ▏"))
        #expect(lines[14].contains("30 matches · page 1 of 2"))
        #expect(lines[13].hasPrefix("───"))
        // Six items of two lines fit in the 13 above the rule: the first at 11–12, the sixth at 1–2.
        #expect(lines[11].contains("▶ ● \(Self.characters[0].name) #\(Self.characters[0].id)"))
        #expect(lines[9].contains("  ● \(Self.characters[1].name) #\(Self.characters[1].id)"))
        #expect(lines[1].contains("  ● \(Self.characters[5].name) #\(Self.characters[5].id)"))
        #expect(lines[0].isEmpty, "the line left over is at the top, away from the search line")
    }

    @Test func upMovesUpTheScreenInEitherLayout() {
        var state = loaded(.default)
        state.visibleItems = 6
        _ = state.apply(key: .up)
        #expect(state.selection == 1, "in default, up the screen is the next match")
        _ = state.apply(key: .control("p"))
        #expect(state.selection == 2)
        _ = state.apply(key: .down)
        #expect(state.selection == 1)
        _ = state.apply(key: .pageUp)
        #expect(state.selection == 7)
        _ = state.apply(wheel: -1)
        #expect(state.selection == 8, "the wheel turned up moves up the screen too")
        _ = state.apply(wheel: 3)
        #expect(state.selection == 5)
        _ = state.apply(key: .down)
        _ = state.apply(key: .down)
        _ = state.apply(key: .pageDown)
        #expect(state.selection == 0)

        var reverse = loaded(.reverse)
        _ = reverse.apply(key: .down)
        #expect(reverse.selection == 1)
        _ = reverse.apply(key: .up)
        _ = reverse.apply(key: .up)
        #expect(reverse.selection == 0)
    }

    @Test func upInTheDefaultLayoutLoadsTheNextPageAtTheEnd() {
        var state = loaded(.default, count: 3)
        _ = state.apply(key: .up)
        _ = state.apply(key: .up)
        #expect(state.apply(key: .up) == [.fetchPage(name: "", status: .any, page: 2, generation: state.generation)])
    }

    /// A click lands on the item drawn under it, whichever way the list grows (rows from 1).
    @Test func clicksAndPixelsFollowTheLayout() {
        let view = view()
        var state = loaded(.default)
        state.avatars = Dictionary(uniqueKeysWithValues: Self.characters.map { ($0.id, Bitmap(width: 8, height: 8)) })
        #expect(view.item(atRow: 12, state) == 0)
        #expect(view.item(atRow: 13, state) == 0)
        #expect(view.item(atRow: 11, state) == 1)
        #expect(view.item(atRow: 2, state) == 5)
        #expect(view.item(atRow: 1, state) == nil, "the line left over")
        #expect(view.item(atRow: 14, state) == nil, "the rule")
        #expect(view.item(atRow: 16, state) == nil, "the search line")
        #expect(view.placements(state).map(\.row) == [11, 9, 7, 5, 3, 1])

        state.layout = .reverse
        #expect(view.item(atRow: 3, state) == 0)
        #expect(view.item(atRow: 5, state) == 1)
        #expect(view.item(atRow: 1, state) == nil)
        #expect(view.placements(state).map(\.row) == [2, 4, 6, 8, 10, 12])
    }

    @Test func theGridGrowsUpInTheDefaultLayoutToo() {
        // 60 columns: four cells a grid row; 13 lines: two grid rows of six.
        let view = view()
        var state = loaded(.default)
        state.grid = true
        state.gridColumns = view.gridColumns
        let lines = view.render(state).map(Self.plain)
        let first = Self.characters[0].name.prefix(8)
        let fifth = Self.characters[4].name.prefix(8)
        let firstRow = lines.firstIndex { $0.contains(first) }
        let secondRow = lines.firstIndex { $0.contains(fifth) }
        #expect(firstRow == 11 && secondRow == 5, "\(lines)")
        #expect(view.item(atRow: 12, column: 3, state) == 0, "the first cell's name")
        #expect(view.item(atRow: 8, column: 17, state) == 1, "the second cell's avatar")
        #expect(view.item(atRow: 6, column: 3, state) == 4, "the next grid row, above")
        #expect(view.item(atRow: 13, column: 3, state) == nil, "the blank line under a grid row")
        _ = state.apply(key: .up)
        #expect(state.selection == 4, "up the screen: the next grid row")
    }

    @Test func aHeightIsLinesOrAPercentageAsFzfSizesIt() {
        #expect(BrowseHeight("15") == BrowseHeight(size: 15, percent: false))
        #expect(BrowseHeight("40%") == BrowseHeight(size: 40, percent: true))
        for refused in ["0", "-3", "101%", "~10", "abc", "", "%"] { #expect(BrowseHeight(refused) == nil, "\(refused)") }
        #expect(BrowseHeight(size: 15, percent: false).lines(terminalRows: 40) == 15)
        #expect(BrowseHeight(size: 15, percent: false).lines(terminalRows: 12) == 12, "never more than the terminal has")
        #expect(BrowseHeight(size: 2, percent: false).lines(terminalRows: 40) == 5, "room for one row of the list")
        #expect(BrowseHeight(size: 40, percent: true).lines(terminalRows: 40) == 16)
        #expect(BrowseHeight(size: 40, percent: true).lines(terminalRows: 20) == 10, "--min-height's 10")
        #expect(BrowseHeight(size: 40, percent: true).lines(terminalRows: 20, minimum: 4) == 8)
        #expect(BrowseHeight(size: 40, percent: true).lines(terminalRows: 8) == 8)
        #expect(BrowseHeight(size: 100, percent: true).lines(terminalRows: 40) == nil, "100%: the whole screen")
    }

    @Test func theInlineAreaMakesRoomBelowTheCursorAndGivesItBack() {
        let area = InlineArea(lines: 10, cursor: (row: 5, column: 1), rows: 40)
        #expect(area.top == 5)
        #expect(area.opening == "\r\u{1B}[J" + String(repeating: "\n", count: 9) + "\u{1B}[9A\r\u{1B}7")
        #expect(area.closing == "\u{1B}8\u{1B}[J")
        #expect(InlineArea(lines: 10, cursor: (row: 38, column: 1), rows: 40).top == 31, "scrolled up to make room")
        let midLine = InlineArea(lines: 10, cursor: (row: 40, column: 7), rows: 40)
        #expect(midLine.top == 31)
        #expect(midLine.opening.hasPrefix("\r\n\u{1B}[J"), "a line of its own")
        #expect(midLine.closing == "\u{1B}8\u{1B}[J\u{1B}[A\u{1B}[7G", "back up, at the column it was")
        let unknown = InlineArea(lines: 10, cursor: nil, rows: 40)
        #expect(unknown.top == nil && unknown.closing == "\u{1B}8\u{1B}[J")
        #expect(InlineArea.moveTo(row: 0) == "\u{1B}8" && InlineArea.moveTo(row: 3) == "\u{1B}8\u{1B}[3B")
    }

    @Test func theCursorReportIsFoundAmongOtherInput() throws {
        let bytes = Array("ri\u{1B}[>0;1c\u{1B}[12;40R\u{1B}[A".utf8)
        let report = try #require(InlineArea.cursorReport(in: bytes))
        #expect(report.row == 12 && report.column == 40)
        var rest = bytes
        rest.removeSubrange(report.range)
        #expect(rest == Array("ri\u{1B}[>0;1c\u{1B}[A".utf8), "the keys and the probe's answers are kept")
        #expect(InlineArea.cursorReport(in: Array("\u{1B}[12;R\u{1B}[5~".utf8)) == nil)
        #expect(InlineArea.cursorReport(in: Array("\u{1B}[12;4".utf8)) == nil, "half an answer")
    }

    /// Inline, every line is drawn from the area's first line (DECRC), never at a screen row.
    @Test func theInlinePainterDrawsFromTheAreasFirstLine() {
        var painter = ScreenPainter()
        painter.inline = true
        let first = painter.frame(["one", "two", "three"])
        #expect(
            first
                == "\u{1B}8\u{1B}[J\u{1B}8one\u{1B}[0m\u{1B}[K\u{1B}8\u{1B}[1Btwo\u{1B}[0m\u{1B}[K\u{1B}8\u{1B}[2Bthree\u{1B}[0m\u{1B}[K"
        )
        #expect(painter.frame(["one", "2", "three"]) == "\u{1B}8\u{1B}[1B2\u{1B}[0m\u{1B}[K")
        #expect(!first.contains("H") && !first.contains("\u{1B}[2J"))
    }

    /// Found as fzf finds, the letters the search line matched are marked, with colors only.
    @Test func matchedLettersAreUnderlinedAndBoldWithColorsOnly() throws {
        var state = loaded(.reverse)
        let rick = Self.characters[0]
        let morty = Self.characters[1]
        let letters = Array(rick.name)
        state.fuzzy = true
        state.query = String(letters[0]).lowercased() + String(letters[2]).lowercased()
        #expect(state.matchedPositions(rick) == [0, 2])
        let colored = view(colors: true).render(state)
        let rickRow = colored.first { $0.contains("#\(rick.id)") } ?? ""
        // Rick is selected: bold throughout, the matched letters underlined too.
        #expect(rickRow.contains("\u{1B}[1m\u{1B}[1;4m\(letters[0])\u{1B}[24m\(letters[1])\u{1B}[1;4m\(letters[2])\u{1B}[24m"))
        let mortyRow = colored.first { $0.contains("#\(morty.id)") } ?? ""
        #expect(mortyRow.contains("\u{1B}[1;4m") == !state.matchedPositions(morty).isEmpty)
        let plainRows = view(colors: false).render(state)
        #expect(plainRows.allSatisfy { !$0.contains("\u{1B}") }, "no escapes at all with colors off")
        #expect(plainRows.contains { $0.contains("▶ ● \(rick.name) #\(rick.id)") })
        // The API's search marks nothing: its match is not fzf's.
        state.fuzzy = false
        #expect(!view(colors: true).render(state).contains { $0.contains("\u{1B}[1;4m") }, "nothing marked")
    }

    @Test func offlineAFailureSaysToWarmNotToGoOffline() {
        var state = BrowseState()
        state.offline = true
        let missing = CapturedError(APIError.notCached(path: "/character?name=zz"))
        _ = state.apply(search: .failed(query: BrowseQuery(name: "zz", status: .any), error: missing))
        let status = Self.plain(view(width: 160).render(state).last ?? "")
        #expect(status.contains("rickdex warm fills the cache while online"), "\(status)")
        #expect(!status.contains("use --offline"))
        state.offline = false
        #expect(Self.plain(view(width: 160).render(state).last ?? "").contains("check --api, or use --offline"))
    }

    /// The episodes screen lists what the detail counts: an episode the data lacks is a row that
    /// says so, and Enter on it says there is no cast.
    @Test func episodesTheDataLacksAreRowsThatSaySo() throws {
        var rick = Self.characters[0]
        let episodes = BrowseNavigationTests.episodes
        rick.episodeIDs = episodes.map(\.id) + [9_999]
        var state = loaded(.reverse)
        state.push(.detail(rick, episodes: .loaded(episodes)))
        let detail = view(height: 40).render(state).map(Self.plain)
        #expect(detail.contains { $0.contains("Episodes (\(episodes.count + 1))") })
        _ = state.apply(key: .character("e"))
        let screen = view().render(state).map(Self.plain)
        #expect(screen[0].contains("Episodes of \(rick.name) (\(episodes.count + 1), 1 not in this API's data)"), "\(screen[0])")
        #expect(screen.filter { $0.contains("S0") }.count == episodes.count)
        #expect(screen.contains { $0.contains("episode 9999 (not in this API's data)") })
        _ = state.apply(key: .end)
        #expect(state.itemSelection == episodes.count)
        #expect(state.apply(key: .enter).isEmpty)
        #expect(state.notice == "episode 9999 is not in this API's data: no cast to show")
        _ = state.apply(key: .home)
        #expect(
            state.apply(key: .enter) == [
                .fetchPeople(title: "\(episodes[0].code) \(episodes[0].name) — cast", ids: episodes[0].characterIDs)
            ])
    }

    /// At 40x10 the help's meanings go under their keys, broken at spaces, and scrolling reaches
    /// every word of every one: the exit codes last.
    @Test func theHelpAt40x10ScrollsThroughEveryWord() {
        let small = view(width: 40, height: 10)
        var state = loaded(.reverse)
        _ = state.apply(key: .help)
        var seen: [String] = []
        for _ in 0..<80 {
            let lines = small.render(state)
            #expect(lines.count == 10 && lines.allSatisfy { TerminalText.width($0) <= 40 })
            seen += lines.dropFirst(2).dropLast()
            _ = state.apply(key: .down)
        }
        let words = Set(seen.flatMap { $0.split(separator: " ").map(String.init) })
        for (key, meaning) in BrowseView.keys {
            for word in meaning.split(separator: " ") { #expect(words.contains(String(word)), "\(key): \(word)") }
        }
        #expect(seen.contains("    0 chosen, 1 no match, 2 error, 130"), "\(seen.suffix(4))")
        #expect(seen.contains("    quit"))
        #expect(!seen.contains { $0.contains("…") }, "nothing cut")
        // At 80x24 every key and meaning fits on one screen, each on one line.
        let whole = view(width: 80, height: 24).render(state)
        #expect(!whole[0].contains(" of "), "no scrolling: \(whole[0])")
        for (key, meaning) in BrowseView.keys { #expect(whole.contains { $0.contains(key) && $0.hasSuffix(meaning) }, "\(key)") }
    }
}
