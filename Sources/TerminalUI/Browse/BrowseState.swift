import HTTP
import Imaging
import RickAndMortyAPI
import UseCases

/// Everything the browser shows, changed only by its `apply` methods: a state machine with no
/// clock and no I/O of its own (the time of a click comes with it), whose effects (searches,
/// page and detail fetches, avatars) are returned for the loop to run.
struct BrowseState {
    enum StatusFilter: String, CaseIterable {
        case any, alive, dead, unknown

        var next: StatusFilter {
            let all = Self.allCases
            return all[(all.firstIndex(of: self).map { $0 + 1 } ?? 0) % all.count]
        }

        var previous: StatusFilter {
            let all = Self.allCases
            return all[((all.firstIndex(of: self) ?? 0) + all.count - 1) % all.count]
        }

        /// The status the API query asks for; `nil` for any.
        var selected: CharacterStatus? {
            switch self {
            case .any: nil
            case .alive: .alive
            case .dead: .dead
            case .unknown: .unknown
            }
        }
    }

    enum Screen: Equatable {
        case list
        /// A character's detail, its episodes fetched beside it.
        case detail(RMCharacter, episodes: Fetched<[Episode]>)
        /// The episodes a character appears in (`e` on its detail).
        case episodes(of: RMCharacter, [Episode])
        /// An episode's cast or a location's residents, and where they come from.
        case people(title: String, PeopleSource, Fetched<[RMCharacter]>)
    }

    /// What the loop must do after an event.
    enum Effect: Equatable {
        /// Hand the search line (and filter) to the search session.
        case search(name: String, status: StatusFilter)
        /// Fetch another page of the current results; `generation` tells a stale answer.
        case fetchPage(name: String, status: StatusFilter, page: Int, generation: Int)
        case fetchDetail(RMCharacter)
        case fetchAvatars([RMCharacter])
        /// Fetch the characters `ids` for the people screen titled `title`.
        case fetchPeople(title: String, ids: [Int])
        /// Fetch location `id`'s residents for the people screen titled `title`.
        case fetchResidents(title: String, locationID: Int)
        /// Put the character's URL and summary on the clipboard (OSC 52).
        case share(RMCharacter)
        /// End browse with this character chosen (a picker's Enter: `Browser.picks`).
        case pick(RMCharacter)
        /// Ask the server again about the page shown and its avatars (`generation` tells whether
        /// the answer still applies).
        case refresh(Page<RMCharacter>, name: String, status: StatusFilter, generation: Int)
        case quit
    }

    var query = ""
    var status = StatusFilter.any
    var search = SearchState<BrowseQuery>.idle
    /// The page shown (the session gives page 1; PgDn/PgUp fetch others).
    var page: Page<RMCharacter>?
    var selection = 0
    var screen = Screen.list
    /// Small avatars by character id, as they arrive.
    var avatars: [Int: Bitmap] = [:]
    /// Large avatars for the detail screen, by id.
    var largeAvatars: [Int: Bitmap] = [:]
    /// Bumped whenever the results change, so a page fetched for older results is dropped.
    var generation = 0
    /// A page fetch in flight.
    var pageLoading = false
    /// The key overlay (`?`) is shown.
    var help = false
    /// A one-off message for the status line (what Ctrl-Y copied); cleared by the next key.
    var notice: String?
    /// Characters whose small avatar could not be had: they get a placeholder.
    var missingAvatars: Set<Int> = []
    /// The screens walked through from the list, and the selection each had, for Esc.
    var history: [(screen: Screen, selection: Int)] = []
    /// The selection on the episodes and people screens.
    var itemSelection = 0
    /// Enter chooses the character and ends browse, as fzf does, instead of opening its detail.
    var picks = false
    /// What browse is waiting for, once a wait has lasted long enough to say so (`nil`: nothing).
    var waiting: NetworkWait?
    /// The list as a grid of larger avatars (Ctrl-G), for the rest of the session.
    var grid = false
    /// Cells a grid row holds on the current screen (the view says; ↑/↓ move by a row).
    var gridColumns = 1

    var results: [RMCharacter] { page?.items ?? [] }

    /// What browse does as it opens: list everyone (page 1 under the status filter).
    mutating func start() -> [Effect] {
        search = .loading(query: BrowseQuery(name: query, status: status).normalized)
        return [.search(name: query, status: status)]
    }

    /// A key on the list screen. Every printable key types into the search line, as in fzf;
    /// moving, paging, opening, copying and quitting are named keys and Ctrl chords. The other
    /// screens have no text field and keep single letters: `navigate`.
    mutating func apply(key: Key) -> [Effect] {
        if key == .interrupt || key == .endOfInput { return [.quit] }
        notice = nil
        if help {
            // Any key closes the overlay.
            help = false
            return []
        }
        if key == .help {
            help = true
            return []
        }
        if screen != .list { return navigate(key) }
        if moveSelection(key) { return [] }
        return listKey(key) ?? edit(key)
    }

    /// The arrows (in the grid, in two dimensions; in the list ↑↓, ←→ do nothing there), Home
    /// and End.
    private mutating func moveSelection(_ key: Key) -> Bool {
        let last = max(0, results.count - 1)
        switch key {
        case .left where grid: selection = max(0, selection - 1)
        case .right where grid: selection = min(last, selection + 1)
        case .up where grid: selection = selection >= gridColumns ? selection - gridColumns : 0
        case .down where grid: selection = min(last, selection + gridColumns)
        case .left, .right: return true
        case .up: selection = max(0, selection - 1)
        case .down: selection = min(last, selection + 1)
        case .home: selection = 0
        case .end: selection = last
        default: return false
        }
        return true
    }

    /// A key that acts on the results, or `nil` for one that edits the search line.
    private mutating func listKey(_ key: Key) -> [Effect]? {
        switch key {
        case .copy where results.indices.contains(selection): return [.share(results[selection])]
        case .copy: return []
        case .refresh: return refresh()
        case .toggleGrid:
            grid.toggle()
            // The grid draws larger avatars: ask again at its size (the caches answer at once).
            return grid && !results.isEmpty ? [.fetchAvatars(results)] : []
        case .pageDown: return fetchPage(offset: 1)
        case .pageUp: return fetchPage(offset: -1)
        case .enter:
            guard results.indices.contains(selection) else { return [] }
            return open(results[selection])
        case .escape where query.isEmpty: return [.quit]
        default: return nil
        }
    }

    /// Enter on a character: chosen when browse picks, else its detail, its episodes on their way.
    mutating func open(_ character: RMCharacter) -> [Effect] {
        if picks { return [.pick(character)] }
        push(.detail(character, episodes: .loading))
        return [.fetchDetail(character)]
    }

    /// Ctrl-R: the page shown, asked about again.
    private mutating func refresh() -> [Effect] {
        guard let page else { return [] }
        notice = "refreshing page \(page.number)…"
        return [.refresh(page, name: query, status: status, generation: generation)]
    }

    /// Typing, and the keys that change the search: a new search when the line or filter changed.
    private mutating func edit(_ key: Key) -> [Effect] {
        let before = (query, status)
        switch key {
        case .character(let character): query.append(character)
        case .backspace where !query.isEmpty: query.removeLast()
        case .clearLine, .escape: query = ""
        case .deleteWord:
            // As readline's Ctrl-W: the spaces before the cursor, then the word.
            while query.last == " " { query.removeLast() }
            while let last = query.last, last != " " { query.removeLast() }
        case .tab: status = status.next
        case .backTab: status = status.previous
        default: break
        }
        return before == (query, status) ? [] : [.search(name: query, status: status)]
    }

    /// A click on the list's item `index` (`nil`: not on an item) selects it; a double click
    /// opens it. Anywhere on the detail screen, a click does nothing.
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

    /// The wheel turned `steps` notches (positive: down): it moves the selection, and past either
    /// end of the page turns the page.
    mutating func apply(wheel steps: Int) -> [Effect] {
        guard screen == .list, !help, !results.isEmpty else { return [] }
        let target = selection + steps
        if target > results.count - 1, selection == results.count - 1 { return fetchPage(offset: 1) }
        if target < 0, selection == 0 { return fetchPage(offset: -1) }
        selection = min(max(0, target), results.count - 1)
        return []
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
        // The session starts idle, after browse has asked for its first page: still loading.
        if case .idle = state, case .loading = search { return [] }
        search = state
        switch state {
        case .loaded(_, let first):
            return show(first)
        case .idle, .empty, .failed:
            page = nil
            selection = 0
            generation += 1
            pageLoading = false
        case .loading:
            break
        }
        return []
    }

    mutating func apply(page fetched: Page<RMCharacter>, generation: Int) -> [Effect] {
        guard generation == self.generation else { return [] }
        return show(fetched)
    }

    mutating func apply(pageFailed error: CapturedError, generation: Int) {
        guard generation == self.generation else { return }
        pageLoading = false
        search = .failed(query: BrowseQuery(name: query, status: status), error: error)
    }

    /// The server's answer to a refresh: the page as it is now, the avatars that changed, and
    /// how many did not. Dropped when the results changed since it was asked.
    mutating func apply(refreshed fresh: Page<RMCharacter>, avatars changed: [Int: Bitmap], unchanged: Int, generation: Int) {
        guard generation == self.generation else { return }
        let listChanged = fresh.items != results || fresh.count != page?.count
        page = fresh
        selection = min(selection, max(0, fresh.items.count - 1))
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

    private mutating func show(_ fetched: Page<RMCharacter>) -> [Effect] {
        page = fetched
        selection = 0
        generation += 1
        pageLoading = false
        let missing = fetched.items.filter { avatars[$0.id] == nil }
        return missing.isEmpty ? [] : [.fetchAvatars(missing)]
    }

    private mutating func fetchPage(offset: Int) -> [Effect] {
        guard let page, !pageLoading else { return [] }
        let target = page.number + offset
        guard target >= 1, target <= page.pages else { return [] }
        pageLoading = true
        return [.fetchPage(name: query, status: status, page: target, generation: generation)]
    }
}
