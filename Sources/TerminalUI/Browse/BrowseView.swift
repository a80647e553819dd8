import BlockArt
import LoupeImaging
import RickAndMortyAPI
import UseCases

/// The browser's screen as a pure function of its state: exactly `height` lines, none wider
/// than `width` columns. Tested without a terminal.
struct BrowseView {
    let width: Int
    let height: Int
    let style: Style
    let renderer: CellRenderer
    /// Avatars are real pixels placed over blank cells (`placements`), not cell art.
    var pixels = false
    /// Only the detail's avatar is real pixels (sixel: pixels that live in the cells, drawn again
    /// whenever a line under them is).
    var detailPixels = false

    /// Avatar width in the list (two lines an item) and on the detail screen.
    static let listAvatar = 4
    static let detailAvatar = 24

    func render(_ state: BrowseState) -> [String] {
        var lines: [String]
        switch state.screen {
        case _ where state.help: lines = help(offset: state.helpOffset)
        case .list: lines = list(state)
        case .detail(let character, let episodes): lines = detail(character, episodes: episodes, state: state)
        case .episodes(let character, let episodes): lines = self.episodes(of: character, episodes, state: state)
        case .people(let title, _, let people): lines = self.people(title, people, state: state)
        }
        lines = Array(lines.prefix(max(0, height - 1)))
        while lines.count < height - 1 { lines.append("") }
        return lines + [statusLine(state)]
    }

    // MARK: List

    private func list(_ state: BrowseState) -> [String] {
        let right = width >= 50 ? "status: \(state.status.rawValue) (Tab)" : state.status == .any ? "" : state.status.rawValue
        let prompt = width >= 30 ? " Search › " : " › "
        let room = max(4, width - TerminalText.width(prompt) - right.count - 2)
        // The line scrolls to keep the cursor in view; the cursor is a bar before its character.
        let shown = state.line.visible(columns: room)
        let before = TerminalText.sanitize(shown.beforeCursor), after = TerminalText.sanitize(shown.afterCursor)
        let used = TerminalText.width(prompt + before + after) + 1
        let gap = max(1, width - used - right.count)
        var lines = [
            style.bold(prompt + before) + "▏" + style.bold(after) + String(repeating: " ", count: gap) + style.dim(right)
        ]
        lines.append(style.dim(String(repeating: "─", count: width)))
        if state.grid { return lines + gridLines(state) }
        let results = state.results
        for index in visibleItems(state) {
            let character = results[index]
            let art =
                state.missingAvatars.contains(character.id)
                ? AvatarPlaceholder.cells(for: character, columns: Self.listAvatar, style: style)
                : (pixels ? nil : state.avatars[character.id]).map {
                    renderer.render($0, columns: Self.listAvatar, rows: Self.listAvatar / 2)
                }
                    ?? [blank(Self.listAvatar), blank(Self.listAvatar)]
            let selected = index == state.selection
            let room = max(4, width - Self.listAvatar - 4)
            let name = TerminalText.truncate(TerminalText.sanitize(character.name), toColumns: max(1, room - 8))
            let marker = (selected ? "▶" : " ") + (state.isMarked(character) ? "✓" : " ")
            let title =
                marker + style.dot(character.status) + " " + (selected ? style.bold(name) : name) + style.dim(" #\(character.id)")
            let kind = TerminalText.truncate(
                TerminalText.sanitize(character.species) + " · " + TerminalText.sanitize(character.location.name),
                toColumns: room - 4)
            lines.append(art[0] + " " + title)
            lines.append((art.count > 1 ? art[1] : blank(Self.listAvatar)) + "     " + style.dim(kind))
        }
        return lines
    }

    // MARK: Help

    /// Every key, as the overlay (F1) shows. On the list every printable key types; the
    /// screens past it, which have no search line, also take single letters.
    static let keys: [(String, String)] = [
        ("type", "search by name (everyone when the line is empty); every letter types"),
        ("← →, ^B ^F, ^A ^E", "move in the line: a character, its start and end (Alt-B, Alt-F: a word)"),
        ("Bksp, Del, ^D", "delete before, under the cursor (^D on an empty line: quit)"),
        ("^U, ^W, Alt-D", "delete to the line's start, the word before, the word after (^Y puts it back)"),
        ("↑ ↓, ^K ^J, ^P ^N", "select; past the last row the next page loads"),
        ("Home End, PgUp PgDn", "the first and last loaded, a screen up and down"),
        ("Enter", "open the character (picking: choose it and end)"),
        ("Tab, Shift-Tab, ^S", "cycle the status filter (--multi: Tab marks, Shift-Tab too)"),
        ("^T", "the list as a grid of larger avatars, and back"),
        ("^O", "copy the character's API URL and summary to the clipboard"),
        ("^R", "refresh the page and its avatars from the server (an unchanged one costs a 304)"),
        ("^L", "draw the screen again"),
        ("Esc, ^C, ^G, ^Q", "quit (exit 130); past the list Esc goes back"),
        ("F1", "this help (↑ ↓ scroll it, any other key closes it)"),
        ("e, l", "on a character: its episodes, the residents of its location"),
        ("Enter", "on an episode: its cast; on a person: their detail"),
        ("y, r, q, ?", "past the list: copy, try again what failed, quit, help"),
        ("click, double click", "select, open (--no-mouse: the terminal keeps the mouse)"),
    ]

    /// The key list, scrolled by `offset` lines to fit the screen.
    private func help(offset: Int) -> [String] {
        let column = (Self.keys.map { TerminalText.width($0.0) }.max() ?? 0) + 4
        let rows = Self.keys.map { key, meaning in
            TerminalText.truncateStyled(
                "  " + style.bold(TerminalText.pad(key, toColumns: column - 2)) + meaning, toColumns: width)
        }
        let room = max(1, height - 3)
        let start = min(offset, max(0, rows.count - room))
        let more = rows.count > room ? "  (\(start + 1)–\(min(rows.count, start + room)) of \(rows.count), ↑ ↓ scroll)" : ""
        return [style.bold(" Keys") + style.dim(more), style.dim(String(repeating: "─", count: width))]
            + rows[start..<min(rows.count, start + room)]
    }

    // MARK: Detail

    private func detail(_ character: RMCharacter, episodes: Fetched<[Episode]>, state: BrowseState) -> [String] {
        let detail = CharacterDetail(character: character, episodes: episodes.value ?? [])
        let parts = detail.lines(style: style)
        var lines = [style.bold(" " + TerminalText.sanitize(character.name)) + style.dim("  #\(character.id)")]
        lines.append(style.dim(String(repeating: "─", count: width)))
        let avatar = Self.detailAvatar
        // Below about 60x16 the fields go first: no avatar beside values cut to "…".
        guard hasRoomForDetailAvatar else {
            lines += parts.fields.dropFirst().map { TerminalText.truncateStyled($0, toColumns: width) }
            lines.append("")
            return lines + detailEpisodes(parts.episodes, episodes, state: state)
        }
        let art =
            (pixels || detailPixels ? nil : state.largeAvatars[character.id]).map {
                renderer.render($0, columns: avatar, rows: avatar / 2)
            }
            ?? Array(repeating: blank(avatar), count: avatar / 2)
        let room = max(10, width - avatar - 3)
        let fields = parts.fields.dropFirst().map { TerminalText.truncateStyled($0, toColumns: room) }
        lines += AvatarArt.sideBySide(art, leftWidth: avatar, [""] + fields, gap: 3)
        lines.append("")
        return lines + detailEpisodes(parts.episodes, episodes, state: state)
    }

    /// Whether the detail's avatar fits beside its fields (at least 30 columns for them) with
    /// the fields' rows above the status line.
    var hasRoomForDetailAvatar: Bool { width >= Self.detailAvatar + 3 + 30 && height >= Self.detailAvatar / 2 + 4 }

    private func detailEpisodes(_ rows: [String], _ episodes: Fetched<[Episode]>, state: BrowseState) -> [String] {
        switch episodes {
        case .loading: [style.dim("  loading episodes…" + waiting(state))]
        case .failed(let error): failure("the episodes", error)
        case .loaded: rows.map { TerminalText.truncateStyled($0, toColumns: width) }
        }
    }

    /// A part that could not be fetched: what, why, and how to ask again.
    func failure(_ what: String, _ error: CapturedError) -> [String] {
        [
            TerminalText.truncate("  could not load \(what): " + TerminalText.sanitize(error.description), toColumns: width),
            style.dim("  r: try again"),
        ]
    }

    // MARK: Pixels

    /// Where the avatars go when they are real pixels: the cells `render` leaves blank for them.
    /// Image ids: the character's id in the list, a million more for the detail's large one.
    func placements(_ state: BrowseState) -> [KittyImages.Placement] {
        guard !state.help else { return [] }
        switch state.screen {
        case .list where state.grid:
            return gridPlacements(state)
        case .list:
            return visibleItems(state).enumerated().compactMap { line, index in
                let character = state.results[index]
                guard let image = state.avatars[character.id], 2 + 2 * line + 1 < height - 1 else { return nil }
                return KittyImages.Placement(
                    id: character.id, row: 2 + 2 * line, column: 0, columns: Self.listAvatar, rows: Self.listAvatar / 2,
                    image: image)
            }
        case .detail(let character, _):
            guard let image = state.largeAvatars[character.id], hasRoomForDetailAvatar else { return [] }
            return [
                KittyImages.Placement(
                    id: 1_000_000 + character.id, row: 2, column: 0, columns: Self.detailAvatar, rows: Self.detailAvatar / 2,
                    image: image)
            ]
        case .episodes, .people:
            return []
        }
    }

    /// The result shown on screen row `row` (counting from 1, as mouse reports do), if any.
    func item(atRow row: Int, column: Int = 1, _ state: BrowseState) -> Int? {
        guard !state.help, state.screen == .list, row >= 3 else { return nil }
        if state.grid { return gridItem(atRow: row, column: column, state) }
        let index = visibleItems(state).lowerBound + (row - 3) / 2
        return visibleItems(state).contains(index) ? index : nil
    }

    /// How many items a screen of the current list shows: PgUp and PgDn move by it.
    func itemsPerScreen(_ state: BrowseState) -> Int {
        switch state.screen {
        case .list where state.grid: max(1, (height - 3) / Self.gridRowLines) * gridColumns
        case .list: max(1, (height - 3) / 2)
        case .detail, .episodes, .people: max(1, height - 3)
        }
    }

    /// The indices of the results the list shows, two lines each, keeping the selection in view.
    private func visibleItems(_ state: BrowseState) -> Range<Int> {
        let visible = max(1, (height - 3) / 2)
        let offset = max(0, min(state.selection - visible + 1, state.results.count - visible))
        return offset..<min(state.results.count, offset + visible)
    }

    // MARK: Status line

    private func statusLine(_ state: BrowseState) -> String {
        let text: String
        // The way out, said last and never cut: "Esc quit" stays on the narrowest screen.
        var quit = "F1 keys · Esc quit"
        if let notice = state.notice {
            text = notice
        } else if state.help {
            text = "any key: close"
            quit = ""
        } else if case .detail(let character, let episodes) = state.screen {
            text =
                "Esc: back" + (episodes.value?.isEmpty == false ? " · e: episodes" : "")
                + (episodes.isFailed ? " · r: retry" : "")
                + (character.location.id != nil ? " · l: residents" : "") + " · y: copy"
            quit = "? keys · q quit"
        } else if case .episodes = state.screen {
            text = "↑↓ select · Enter: the cast · Esc: back"
            quit = "q quit"
        } else if case .people(_, _, let people) = state.screen {
            text = people.isFailed ? "r: retry · Esc: back" : "↑↓ select · Enter: open · y: copy · Esc: back"
            quit = "q quit"
        } else {
            switch state.search {
            case .idle:
                text = "Type a name to search · Tab: status filter"
            case .loading(let query):
                text =
                    (query.name.isEmpty ? "loading everyone…" : "searching “\(TerminalText.sanitize(query.name))”…")
                    + waiting(state)
            case .loaded:
                // The page the selection is on: ↓ past the last row loads the next.
                let page = state.page
                let count = page?.count ?? 0
                let marked = state.marked.isEmpty ? "" : " · \(state.marked.count) marked"
                text =
                    (state.pageLoading ? "loading more…\(waiting(state)) · " : "")
                    + "\(count) \(count == 1 ? "match" : "matches") · page \(page?.number ?? 1) of \(page?.pages ?? 1)"
                    + marked + " · ↑↓ Enter \(state.picks ? "choose" : "open") · ^T \(state.grid ? "list" : "grid")"
                    + " · ^O copy"
            case .empty(let query):
                text = "no matches for “\(TerminalText.sanitize(query.name))”"
            case .failed(_, let error):
                text = "error: \(TerminalText.sanitize(error.description)) — check --api, or use --offline"
            }
        }
        let tail = quit.isEmpty ? "" : " · " + quit
        let room = max(0, width - 1 - TerminalText.width(tail))
        return style.dim(TerminalText.truncate(" " + TerminalText.truncate(text, toColumns: room) + tail, toColumns: width))
    }

    /// What a slow answer waits for: ` · waiting for HOST · 4 s · Ctrl-C quits`, or nothing.
    private func waiting(_ state: BrowseState) -> String {
        state.waiting.map { " · " + $0.description + " · Ctrl-C quits" } ?? ""
    }

    func blank(_ columns: Int) -> String { String(repeating: " ", count: columns) }
}
