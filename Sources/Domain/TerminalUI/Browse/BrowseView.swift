import BlockArt
import LoupeImaging
import RickAndMortyAPI
import UseCases

/// The browser's screen as a pure function of its state: `height` lines of at most `width` columns.
struct BrowseView {
    let width: Int
    let height: Int
    let style: Style
    let renderer: CellRenderer
    /// Avatars are real pixels placed over blank cells (`placements`), not cell art.
    var pixels = false
    /// Only the detail's avatar is real pixels (sixel, which lives in the cells).
    var detailPixels = false

    /// Avatar width in the list (two lines an item) and on the detail screen.
    static let listAvatar = 4
    static let detailAvatar = 24

    func render(_ state: BrowseState) -> [String] {
        var lines: [String]
        switch state.screen {
        case _ where state.help: lines = help(offset: state.helpOffset)
        case .list: return list(state)
        case .detail(let character, let episodes): lines = detail(character, episodes: episodes, state: state)
        case .episodes(let character, let episodes): lines = self.episodes(of: character, episodes, state: state)
        case .people(let title, _, let people): lines = self.people(title, people, state: state)
        }
        lines = Array(lines.prefix(max(0, height - 1)))
        while lines.count < height - 1 { lines.append("") }
        return lines + [statusLine(state)]
    }

    // MARK: List

    /// The list screen: in `reverse` the search line, a rule, the rows growing down and the status
    /// line; in `default` the rows growing up, a rule, the status line and the search line (fzf's).
    private func list(_ state: BrowseState) -> [String] {
        let slots = state.grid ? gridSlots(state) : visibleItems(state).map { listItem($0, state) }
        let rule = style.dim(String(repeating: "─", count: width))
        switch state.layout {
        case .reverse:
            var rows = Array(slots.joined().prefix(bodyRows))
            rows += Array(repeating: "", count: bodyRows - rows.count)
            // A screen under three lines keeps the status line, as the other screens do.
            return Array(([searchLine(state), rule] + rows).prefix(max(0, height - 1))) + [statusLine(state)]
        case .default:
            var rows = Array(slots.reversed().joined().suffix(bodyRows))
            rows.insert(contentsOf: Array(repeating: "", count: bodyRows - rows.count), at: 0)
            return Array((rows + [rule, statusLine(state), searchLine(state)]).suffix(max(1, height)))
        }
    }

    /// The list's rows: the screen but the search line, the rule and the status line.
    var bodyRows: Int { max(0, height - 3) }

    /// The screen row (from 0) of the first line of the list's slot `slot`, each `lines` tall.
    func slotTop(_ slot: Int, lines: Int, _ layout: BrowseLayout) -> Int {
        layout == .reverse ? 2 + slot * lines : bodyRows - (slot + 1) * lines
    }

    /// The list's slot at screen row `row` (from 1, as mouse reports count) and the line within
    /// it; `nil` off the rows.
    func slot(atRow row: Int, lines: Int, _ layout: BrowseLayout) -> (slot: Int, line: Int)? {
        let fromTop = layout == .reverse ? row - 3 : row - 1
        guard fromTop >= 0, fromTop < bodyRows else { return nil }
        if layout == .reverse { return (fromTop / lines, fromTop % lines) }
        let fromBottom = bodyRows - 1 - fromTop
        return (fromBottom / lines, lines - 1 - fromBottom % lines)
    }

    /// The prompt, the line scrolled to keep the cursor in view, and the status filter at the right.
    private func searchLine(_ state: BrowseState) -> String {
        let right = width >= 50 ? "status: \(state.status.rawValue) (Tab)" : state.status == .any ? "" : state.status.rawValue
        let prompt = width >= 30 ? " Search › " : " › "
        let room = max(4, width - TerminalText.width(prompt) - right.count - 2)
        let shown = state.line.visible(columns: room)
        let before = TerminalText.sanitize(shown.beforeCursor), after = TerminalText.sanitize(shown.afterCursor)
        let used = TerminalText.width(prompt + before + after) + 1
        let gap = max(1, width - used - right.count)
        return style.bold(prompt + before) + "▏" + style.bold(after) + String(repeating: " ", count: gap) + style.dim(right)
    }

    /// Result `index` as two lines: its avatar, then beside it name and id, species and location.
    private func listItem(_ index: Int, _ state: BrowseState) -> [String] {
        let character = state.results[index]
        let art = avatarCells(character, columns: Self.listAvatar, state)
        let selected = index == state.selection
        let room = max(4, width - Self.listAvatar - 4)
        let name = self.name(character, columns: max(1, room - 8), selected: selected, state)
        let marker = (selected ? "▶" : " ") + (state.isMarked(character) ? "✓" : " ")
        let title = marker + style.dot(character.status) + " " + name + style.dim(" #\(character.id)")
        let kind = TerminalText.truncate(
            TerminalText.sanitize(character.species) + " · " + TerminalText.sanitize(character.location.name),
            toColumns: room - 4)
        return [art[0] + " " + title, (art.count > 1 ? art[1] : blank(Self.listAvatar)) + "     " + style.dim(kind)]
    }

    /// `character`'s small avatar, `columns` wide and half as many lines: its placeholder when it
    /// could not be had, blank where pixels go over it or while it comes.
    func avatarCells(_ character: RMCharacter, columns: Int, _ state: BrowseState) -> [String] {
        if state.missingAvatars.contains(character.id) {
            return AvatarPlaceholder.cells(for: character, columns: columns, style: style)
                + Array(repeating: blank(columns), count: columns / 2 - 2)
        }
        return (pixels ? nil : state.avatars[character.id]).map {
            renderer.render($0, columns: columns, rows: columns / 2)
        } ?? Array(repeating: blank(columns), count: columns / 2)
    }

    /// `character`'s name cut to `columns`, the letters the search matched underlined and bold.
    func name(_ character: RMCharacter, columns: Int, selected: Bool, _ state: BrowseState) -> String {
        let clean = TerminalText.sanitize(character.name)
        let shown = TerminalText.truncate(clean, toColumns: columns)
        let positions = Set(state.matchedPositions(character))
        // Positions count the name's own letters: none apply once sanitizing changed it.
        guard style.enabled, !positions.isEmpty, clean == character.name else { return selected ? style.bold(shown) : shown }
        let last = shown == clean ? nil : shown.count - 1
        var output = selected ? "\u{1B}[1m" : ""
        for (index, letter) in shown.enumerated() {
            guard positions.contains(index), index != last else {
                output.append(letter)
                continue
            }
            output += "\u{1B}[1;4m" + String(letter) + "\u{1B}[24m" + (selected ? "" : "\u{1B}[22m")
        }
        return output + (selected ? "\u{1B}[0m" : "")
    }

    // MARK: Help

    /// Every key, as the overlay (F1) shows.
    static let keys: [(String, String)] = [
        ("type", "search by name; every letter types (empty: everyone)"),
        ("← →, ^B ^F, ^A ^E", "move a character, to the start, the end (Alt-B/F: a word)"),
        ("Bksp, Del, ^D", "delete before, at the cursor (^D on an empty line: quit)"),
        ("^U, ^W, Alt-D", "delete to the start, word before, word after (^Y: back)"),
        ("↑ ↓, ^K ^J, ^P ^N", "select; past the last row the next page loads"),
        ("Home End, PgUp PgDn", "the first and last loaded, a screen up and down"),
        ("Enter", "open the character (picking: choose it and end)"),
        ("Tab, Shift-Tab, ^S", "cycle the status filter (--multi: Tab, Shift-Tab mark)"),
        ("^T", "the list as a grid of larger avatars, and back"),
        ("^O", "copy the character's API URL and summary to the clipboard"),
        ("^R", "refresh the page and its avatars (unchanged: a 304)"),
        ("^L", "draw the screen again"),
        ("Esc, ^C, ^G, ^Q", "quit (exit 130); past the list Esc goes back"),
        ("F1", "this help (↑ ↓ scroll it, any other key closes it)"),
        ("e, l", "on a character: its episodes, its location's residents"),
        ("Enter", "on an episode: its cast; on a person: their detail"),
        ("y, r, q, ?", "past the list: copy, try again what failed, quit, help"),
        ("click, double click", "select, open (--no-mouse: the terminal keeps the mouse)"),
        ("exit codes", "0 chosen, 1 no match, 2 error, 130 quit"),
    ]

    /// The key list scrolled by `offset` lines: each meaning beside its key, or under it when narrow.
    private func help(offset: Int) -> [String] {
        let column = (Self.keys.map { TerminalText.width($0.0) }.max() ?? 0) + 4
        let beside = width - column >= 24
        let rows = Self.keys.flatMap { key, meaning -> [String] in
            guard beside else {
                return ["  " + style.bold(TerminalText.truncate(key, toColumns: max(1, width - 2)))]
                    + TerminalText.wrapStyled(meaning, toColumns: max(1, width - 4)).map { "    " + $0 }
            }
            let lines = TerminalText.wrapStyled(meaning, toColumns: width - column)
            return ["  " + style.bold(TerminalText.pad(key, toColumns: column - 2)) + lines[0]]
                + lines.dropFirst().map { blank(column) + $0 }
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
        if hasRoomForDetailAvatar {
            let art =
                (pixels || detailPixels ? nil : state.largeAvatars[character.id]).map {
                    renderer.render($0, columns: avatar, rows: avatar / 2)
                }
                ?? Array(repeating: blank(avatar), count: avatar / 2)
            let room = max(10, width - avatar - 3)
            let fields = parts.fields.dropFirst().map { TerminalText.truncateStyled($0, toColumns: room) }
            lines += AvatarArt.sideBySide(art, leftWidth: avatar, [""] + fields, gap: 3)
        } else {
            lines += parts.fields.dropFirst().map { TerminalText.truncateStyled($0, toColumns: width) }
        }
        return lines + [""] + detailEpisodes(parts.episodes, episodes, state: state)
    }

    /// Whether the detail's avatar fits beside its fields, their rows above the status line.
    var hasRoomForDetailAvatar: Bool {
        width >= Self.detailAvatar + 3 + AvatarArt.fewestColumnsBeside && height >= Self.detailAvatar / 2 + 4
    }

    private func detailEpisodes(_ rows: [String], _ episodes: Fetched<[Episode]>, state: BrowseState) -> [String] {
        switch episodes {
        case .loading: [style.dim("  loading episodes…" + waiting(state))]
        case .failed(let error): failure("the episodes", error)
        case .loaded: rows.map { TerminalText.truncateStyled($0, toColumns: width) }
        }
    }

    func failure(_ what: String, _ error: CapturedError) -> [String] {
        [
            TerminalText.truncate("  could not load \(what): " + TerminalText.sanitize(error.description), toColumns: width),
            style.dim("  r: try again"),
        ]
    }

    // MARK: Pixels

    /// The avatars as real pixels, over the cells `render` leaves blank. Image ids: the
    /// character's id in the list, a million more for the detail's large one.
    func placements(_ state: BrowseState) -> [KittyImages.Placement] {
        guard !state.help else { return [] }
        switch state.screen {
        case .list where state.grid:
            return gridPlacements(state)
        case .list:
            return visibleItems(state).enumerated().compactMap { slot, index in
                let character = state.results[index]
                let top = slotTop(slot, lines: 2, state.layout)
                guard let image = state.avatars[character.id], bodyRange(state.layout).contains(top + 1) else { return nil }
                return KittyImages.Placement(
                    id: character.id, row: top, column: 0, columns: Self.listAvatar, rows: Self.listAvatar / 2,
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

    /// The result on screen row `row` (from 1, as mouse reports count), if any.
    func item(atRow row: Int, column: Int = 1, _ state: BrowseState) -> Int? {
        guard !state.help, state.screen == .list else { return nil }
        if state.grid { return gridItem(atRow: row, column: column, state) }
        guard let slot = slot(atRow: row, lines: 2, state.layout) else { return nil }
        let index = visibleItems(state).lowerBound + slot.slot
        return visibleItems(state).contains(index) ? index : nil
    }

    func bodyRange(_ layout: BrowseLayout) -> Range<Int> {
        layout == .reverse ? 2..<(2 + bodyRows) : 0..<bodyRows
    }

    /// Items a screen of the current list shows: PgUp and PgDn move by it.
    func itemsPerScreen(_ state: BrowseState) -> Int {
        switch state.screen {
        case .list where state.grid: max(1, (height - 3) / Self.gridRowLines) * gridColumns
        case .list: max(1, (height - 3) / 2)
        case .detail, .episodes, .people: max(1, height - 3)
        }
    }

    /// The results the list shows, two lines each, keeping the selection in view.
    private func visibleItems(_ state: BrowseState) -> Range<Int> {
        let visible = max(1, bodyRows / 2)
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
                "Esc: back" + (episodes.value != nil && !character.episodeIDs.isEmpty ? " · e: episodes" : "")
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
                text =
                    state.fuzzy
                    ? "Type to find, as fzf: rck, 'exact ^start end$ !not a|b · Tab: status filter"
                    : "Type a name (the API's search; after warm --all, fzf's) · Tab: status filter"
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
                // The API's search finds a part of the name as typed: say so, and what finds as fzf.
                text =
                    "no matches for “\(TerminalText.sanitize(query.name))”"
                    + (state.fuzzy ? "" : " (the API's search, a part of a name; warm --all finds as fzf)")
            case .failed(_, let error):
                // Offline, the network is no remedy: what is missing must be warmed first.
                let remedy = state.offline ? "rickdex warm fills the cache while online" : "check --api, or use --offline"
                text = "error: \(TerminalText.sanitize(error.description)) — " + remedy
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
