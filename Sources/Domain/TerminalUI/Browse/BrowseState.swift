import BlockArt
import LoupeHTTP
import LoupeImaging
import RickAndMortyAPI
import UseCases

/// Everything the browser shows, changed only by its `apply` methods: no clock and no I/O of its
/// own; the effects (searches, page and detail fetches, avatars) are returned for the loop to run.
struct BrowseState {
    enum Screen: Equatable {
        case list
        /// A character's detail, its episodes fetched beside it.
        case detail(RMCharacter, episodes: Fetched<[Episode]>)
        /// The episodes a character appears in (`e` on its detail).
        case episodes(of: RMCharacter, [Episode])
        /// An episode's cast or a location's residents, and where they come from.
        case people(title: String, PeopleSource, Fetched<[RMCharacter]>)
    }

    var line = QueryLine()
    var status = StatusFilter.any
    var search = SearchState<BrowseQuery>.idle
    /// The pages loaded so far, in order: the list grows by one as the selection passes its end.
    private(set) var pages: [Page<RMCharacter>] = [] {
        didSet { results = pages.flatMap(\.items) }
    }
    private(set) var results: [RMCharacter] = []
    var selection = 0
    var screen = Screen.list
    var avatars: [Int: Bitmap] = [:]
    var largeAvatars: [Int: Bitmap] = [:]
    /// Bumped whenever the results change, so a page fetched for older results is dropped.
    var generation = 0
    /// A page fetch in flight, and where the selection goes once it is in.
    var pageLoading = false
    private var selectionAfterLoad: Int?
    /// The key overlay (F1) is shown, scrolled down by `helpOffset` lines.
    var help = false
    var helpOffset = 0
    /// A one-off message for the status line (what Ctrl-O copied); cleared by the next key.
    var notice: String?
    /// Characters whose small avatar could not be had: they get a placeholder.
    var missingAvatars: Set<Int> = []
    /// The screens walked through from the list, and the selection each had, for Esc.
    var history: [(screen: Screen, selection: Int)] = []
    /// The selection on the episodes and people screens.
    var itemSelection = 0
    /// Enter chooses the character and ends browse, as fzf does, instead of opening its detail.
    var picks = false
    /// Tab and Shift-Tab mark characters (fzf's `--multi`); Enter chooses every one marked.
    var multi = false
    /// The characters marked, in the order they were marked (as fzf prints them).
    private(set) var marked: [RMCharacter] = []
    /// Keys that end browse as Enter does, and are named on the first line (fzf's `--expect`).
    var expect: Set<Key> = []
    /// What browse is waiting for, once a wait has lasted long enough to say so.
    var waiting: NetworkWait?
    /// The list as a grid of larger avatars (Ctrl-T), for the rest of the session.
    var grid = false
    /// Cells a grid row holds and items a screen of the list shows, as the view says (↑/↓ and
    /// PgUp/PgDn move by them).
    var gridColumns = 1
    var visibleItems = 1
    /// Which way the list grows on screen, and so which way ↑ and ↓ move through it.
    var layout = BrowseLayout.reverse
    /// `--offline`: a failure's hint says to warm the cache.
    var offline = false
    /// The list is found as fzf finds (a `FuzzyClient` over every character), the matched letters
    /// shown; otherwise the API searches.
    var fuzzy = false
    /// fzf's `--exact` and case matching for the search line, when `fuzzy`.
    var exact = false
    var caseMatching = FuzzyPattern.CaseMatching.smart

    /// The indices of the letters of `character`'s name the search line matched; none unless `fuzzy`.
    func matchedPositions(_ character: RMCharacter) -> [Int] {
        guard fuzzy, !query.isEmpty else { return [] }
        return FuzzyPattern(query, exact: exact, caseMatching: caseMatching).match(character.name)?.positions ?? []
    }

    var query: String {
        get { line.text }
        set { line = QueryLine(newValue) }
    }

    /// The page the selection is on (its count and number of pages are the whole result's).
    var page: Page<RMCharacter>? {
        var start = 0
        for page in pages {
            if selection < start + page.items.count { return page }
            start += page.items.count
        }
        return pages.last
    }

    var hasMore: Bool { pages.last.map { $0.number < $0.pages } ?? false }

    /// What browse does as it opens: list everyone (page 1 under the status filter).
    mutating func start() -> [Effect] {
        search = .loading(query: BrowseQuery(name: query, status: status).normalized)
        return [.search(name: query, status: status)]
    }

    /// A key, on any screen. On the list every printable key types into the search line (fzf's
    /// keys); the other screens have no text field and keep single letters: `navigate`.
    mutating func apply(key: Key) -> [Effect] {
        if expect.contains(key) { return accept(key: key.name) }
        switch key {
        case .control("c"), .control("g"), .control("q"): return [.abort]
        case .control("l"): return [.redraw]
        default: break
        }
        notice = nil
        if help { return helpKey(key) }
        if key == .help {
            help = true
            helpOffset = 0
            return []
        }
        if screen != .list { return navigate(key) }
        if let moved = moveSelection(key) { return moved }
        return listKey(key) ?? edit(key)
    }

    /// A key on the help overlay: the arrows and page keys scroll it, any other closes it.
    private mutating func helpKey(_ key: Key) -> [Effect] {
        switch key {
        case .up, .control("k"), .control("p"): helpOffset = max(0, helpOffset - 1)
        case .down, .control("j"), .control("n"): helpOffset += 1
        case .pageUp: helpOffset = max(0, helpOffset - 10)
        case .pageDown: helpOffset += 10
        case .home: helpOffset = 0
        default: help = false
        }
        return []
    }

    /// The keys that move the selection up and down the screen as fzf's (in the grid ← → too),
    /// or `nil` for another key.
    private mutating func moveSelection(_ key: Key) -> [Effect]? {
        let last = max(0, results.count - 1)
        let row = grid ? gridColumns : 1
        switch key {
        case .left where grid: selection = max(0, selection - 1)
        case .right where grid: selection = min(last, selection + 1)
        case .up, .control("k"), .control("p"): return move(by: row * layout.step(up: true))
        case .down, .control("j"), .control("n"): return move(by: row * layout.step(up: false))
        case .pageUp: return move(by: visibleItems * layout.step(up: true))
        case .pageDown: return move(by: visibleItems * layout.step(up: false))
        case .home: selection = 0
        case .end: selection = last
        default: return nil
        }
        return []
    }

    /// Moves the selection `steps` through the results (negative: toward the first).
    private mutating func move(by steps: Int) -> [Effect] {
        if steps > 0 { return moveDown(by: steps) }
        // In the grid a row up from the first row goes to the first cell.
        selection = max(0, selection + steps)
        return []
    }

    /// Moves the selection down `steps`; past the last loaded row the next page loads.
    private mutating func moveDown(by steps: Int) -> [Effect] {
        let target = selection + steps
        if target < results.count {
            selection = target
            return []
        }
        selection = max(0, results.count - 1)
        guard hasMore else { return [] }
        selectionAfterLoad = target
        return fetchNextPage()
    }

    /// A key that acts on the results, or `nil` for one that edits the search line.
    private mutating func listKey(_ key: Key) -> [Effect]? {
        switch key {
        case .control("o") where results.indices.contains(selection): return [.share(results[selection])]
        case .control("o"): return []
        case .control("r"): return refresh()
        case .control("t"):
            grid.toggle()
            // The grid draws larger avatars: ask again at its size (the caches answer at once).
            return grid && !results.isEmpty ? [.fetchAvatars(results)] : []
        case .tab where multi: return toggleMark(then: 1)
        case .backTab where multi: return toggleMark(then: -1)
        case .enter where picks: return accept(key: nil)
        case .enter:
            guard results.indices.contains(selection) else { return [] }
            return open(results[selection])
        case .escape: return [.abort]
        default: return nil
        }
    }

    /// Tab or Shift-Tab with `--multi`: marks the selected character (or unmarks it), then moves.
    private mutating func toggleMark(then step: Int) -> [Effect] {
        guard results.indices.contains(selection) else { return [] }
        let character = results[selection]
        if let index = marked.firstIndex(where: { $0.id == character.id }) {
            marked.remove(at: index)
        } else {
            marked.append(character)
        }
        if step < 0 {
            selection = max(0, selection - 1)
            return []
        }
        return moveDown(by: 1)
    }

    func isMarked(_ character: RMCharacter) -> Bool { marked.contains { $0.id == character.id } }

    /// Ends browse with what is chosen: on the list the characters marked, else the selected
    /// one, else none (nothing matched); past the list, the character shown or selected.
    mutating func accept(key: String?) -> [Effect] {
        let chosen: [RMCharacter]
        switch screen {
        case .list:
            chosen = !marked.isEmpty ? marked : results.indices.contains(selection) ? [results[selection]] : []
        case .detail(let character, _):
            chosen = [character]
        case .people(_, _, .loaded(let people)) where people.indices.contains(itemSelection):
            chosen = [people[itemSelection]]
        case .people, .episodes:
            chosen = []
        }
        return [.accept(chosen, key: key)]
    }

    /// Enter on a character: chosen when browse picks, else its detail, its episodes on their way.
    mutating func open(_ character: RMCharacter) -> [Effect] {
        if picks { return [.accept([character], key: nil)] }
        push(.detail(character, episodes: .loading))
        return [.fetchDetail(character)]
    }

    /// Ctrl-R: the page the selection is on, asked about again.
    private mutating func refresh() -> [Effect] {
        guard let page else { return [] }
        notice = "refreshing page \(page.number)…"
        return [.refresh(page, name: query, status: status, generation: generation)]
    }

    /// Typing and editing the line (fzf's keys), and the status filter: a new search on a change.
    private mutating func edit(_ key: Key) -> [Effect] {
        let before = (line.text, status)
        switch key {
        case .character(let character): line.insert(character)
        case .backspace: line.deleteBackward()
        case .delete: line.deleteForward()
        case .control("d"):
            // fzf's `delete-char/eof`: on an empty line, Ctrl-D ends browse.
            if line.isEmpty { return [.abort] }
            line.deleteForward()
        case .left, .control("b"): line.moveLeft()
        case .right, .control("f"): line.moveRight()
        case .control("a"): line.moveToStart()
        case .control("e"): line.moveToEnd()
        case .alt("b"): line.moveWordLeft()
        case .alt("f"): line.moveWordRight()
        case .alt("d"): line.deleteWordForward()
        case .altBackspace: line.deleteAlphanumericWordBackward()
        case .control("u"): line.deleteToStart()
        case .control("w"): line.deleteWordBackward()
        case .control("y"): line.yank()
        case .tab, .control("s"): status = status.next
        case .backTab: status = status.previous
        default: break
        }
        return before == (line.text, status) ? [] : [.search(name: line.text, status: status)]
    }

    /// A click on the list's item `index` selects it; a double click opens it.
    mutating func apply(click index: Int?, double: Bool) -> [Effect] {
        notice = nil
        guard !help else {
            help = false
            return []
        }
        guard screen == .list, let index, results.indices.contains(index) else { return [] }
        selection = index
        return double ? apply(key: .enter) : []
    }

    /// The wheel turned `steps` notches (positive: down the screen), moving as ↓ and ↑ do.
    mutating func apply(wheel steps: Int) -> [Effect] {
        guard screen == .list, !help, !results.isEmpty else { return [] }
        return move(by: abs(steps) * layout.step(up: steps < 0))
    }

    /// The first page as browse opens, fetched at once rather than after the session's typing
    /// pause; dropped when the user has typed or changed the filter since.
    mutating func apply(opening state: SearchState<BrowseQuery>) -> [Effect] {
        let current = BrowseQuery(name: query, status: status).normalized
        switch state {
        case .loaded(let asked, _), .empty(let asked), .failed(let asked, _):
            guard asked == current else { return [] }
        case .idle, .loading:
            return []
        }
        return apply(search: state)
    }

    mutating func apply(search state: SearchState<BrowseQuery>) -> [Effect] {
        // The session's only `.idle` is its first state (browse's query is never empty), and it says
        // nothing: browse asked for its opening page itself, which on a busy machine can come first.
        if case .idle = state { return [] }
        search = state
        switch state {
        case .loaded(_, let first):
            return show(first)
        case .empty, .failed:
            pages = []
            selection = 0
            generation += 1
            pageLoading = false
        case .idle, .loading:
            break
        }
        return []
    }

    /// The next page arrived: added to the list, the selection where it was going.
    mutating func apply(page fetched: Page<RMCharacter>, generation: Int) -> [Effect] {
        guard generation == self.generation, fetched.number == (pages.last?.number ?? 0) + 1 else { return [] }
        pageLoading = false
        pages.append(fetched)
        if let target = selectionAfterLoad { selection = min(target, results.count - 1) }
        selectionAfterLoad = nil
        let missing = fetched.items.filter { avatars[$0.id] == nil }
        return missing.isEmpty ? [] : [.fetchMoreAvatars(missing)]
    }

    mutating func apply(pageFailed error: CapturedError, generation: Int) {
        guard generation == self.generation else { return }
        pageLoading = false
        selectionAfterLoad = nil
        notice = "could not load page \((pages.last?.number ?? 0) + 1): \(TerminalText.sanitize(error.description))"
    }

    /// The server's answer to a refresh; dropped when the results changed since it was asked.
    mutating func apply(refreshed fresh: Page<RMCharacter>, avatars changed: [Int: Bitmap], unchanged: Int, generation: Int) {
        guard generation == self.generation, let index = pages.firstIndex(where: { $0.number == fresh.number }) else { return }
        let listChanged = fresh.items != pages[index].items || fresh.count != pages[index].count
        pages[index] = fresh
        selection = min(selection, max(0, results.count - 1))
        for (id, bitmap) in changed {
            avatars[id] = bitmap
            missingAvatars.remove(id)
        }
        notice =
            "refreshed page \(fresh.number): the list \(listChanged ? "changed" : "is unchanged") · "
            + "\(changed.count) \(changed.count == 1 ? "avatar" : "avatars") changed, \(unchanged) unchanged"
    }

    mutating func apply(detail character: RMCharacter, episodes: Fetched<[Episode]>) {
        if case .detail(let shown, .loading) = screen, shown.id == character.id {
            screen = .detail(character, episodes: episodes)
        }
    }

    /// A new first page: the list starts again from it.
    private mutating func show(_ fetched: Page<RMCharacter>) -> [Effect] {
        pages = [fetched]
        selection = 0
        selectionAfterLoad = nil
        generation += 1
        pageLoading = false
        let missing = fetched.items.filter { avatars[$0.id] == nil }
        return missing.isEmpty ? [] : [.fetchAvatars(missing)]
    }

    private mutating func fetchNextPage() -> [Effect] {
        guard let last = pages.last, last.number < last.pages, !pageLoading else { return [] }
        pageLoading = true
        return [.fetchPage(name: query, status: status, page: last.number + 1, generation: generation)]
    }
}
