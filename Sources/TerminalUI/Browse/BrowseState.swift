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
            switch self {
            case .any: .alive
            case .alive: .dead
            case .dead: .unknown
            case .unknown: .any
            }
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
        /// Ask the server again about the page shown and its avatars (`generation` tells whether
        /// the answer still applies).
        case refresh(Page<RMCharacter>, name: String, status: StatusFilter, generation: Int)
        case quit
    }

    /// Where letters go: into the search line, or (after ↑/↓) to the list, where q quits and
    /// n/p page; any other letter goes back to typing.
    enum Focus: Equatable {
        case search, list
    }

    var query = ""
    var focus = Focus.search
    var status = StatusFilter.any
    var search = SearchState<BrowseQuery>.idle
    /// The page shown (the session gives page 1; n/p fetch others).
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
    /// A one-off message for the status line (what `y` copied); cleared by the next key.
    var notice: String?
    /// Characters whose small avatar could not be had: they get a placeholder.
    var missingAvatars: Set<Int> = []
    /// The screens walked through from the list, and the selection each had, for Esc.
    var history: [(screen: Screen, selection: Int)] = []
    /// The selection on the episodes and people screens.
    var itemSelection = 0
    /// The list as a grid of larger avatars (`g`), for the rest of the session.
    var grid = false
    /// Cells a grid row holds on the current screen (the view says; ↑/↓ move by a row).
    var gridColumns = 1

    var results: [RMCharacter] { page?.items ?? [] }

    /// What browse does as it opens: list everyone (page 1 under the status filter).
    mutating func start() -> [Effect] {
        search = .loading(query: BrowseQuery(name: query, status: status).normalized)
        return [.search(name: query, status: status)]
    }

    /// A key on the list screen: ↑↓←→ move, letters act on the list when it has the focus
    /// (y, r, g, q, n, p), and edit the search line otherwise. Other screens: `navigate`.
    mutating func apply(key: Key) -> [Effect] {
        if key == .interrupt { return [.quit] }
        notice = nil
        if help {
            // Any key closes the overlay; q still quits.
            help = false
            return key == .character("q") ? [.quit] : []
        }
        if key == .character("?") {
            help = true
            return []
        }
        if screen != .list { return navigate(key) }
        if moveSelection(key) { return [] }
        if key == .refresh { return refresh() }
        if focus == .list, case .character(let letter) = key, let effects = listCommand(letter) { return effects }
        return edit(key)
    }

    /// The arrows: in the grid, in two dimensions; in the list, ↑↓ (←→ do nothing there).
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
        default: return false
        }
        focus = .list
        return true
    }

    /// A letter that acts on the list, or `nil` for one that goes to the search line.
    private mutating func listCommand(_ letter: Character) -> [Effect]? {
        switch letter {
        case "y" where results.indices.contains(selection): return [.share(results[selection])]
        case "r": return refresh()
        case "g":
            grid.toggle()
            // The grid draws larger avatars: ask again at its size (the caches answer at once).
            return grid && !results.isEmpty ? [.fetchAvatars(results)] : []
        case "q": return [.quit]
        case "n": return fetchPage(offset: 1)
        case "p": return fetchPage(offset: -1)
        default: return nil
        }
    }

    /// `r` or Ctrl-R: the page shown, asked about again.
    private mutating func refresh() -> [Effect] {
        guard let page else { return [] }
        notice = "refreshing page \(page.number)…"
        return [.refresh(page, name: query, status: status, generation: generation)]
    }

    /// Typing and the keys that act on the search or its results.
    private mutating func edit(_ key: Key) -> [Effect] {
        switch key {
        case .character(let character):
            focus = .search
            query.append(character)
        case .backspace:
            focus = .search
            guard !query.isEmpty else { return [] }
            query.removeLast()
        case .clearLine:
            query = ""
        case .tab:
            status = status.next
        case .pageDown:
            return fetchPage(offset: 1)
        case .pageUp:
            return fetchPage(offset: -1)
        case .enter:
            guard results.indices.contains(selection) else { return [] }
            let character = results[selection]
            push(.detail(character, episodes: .loading))
            return [.fetchDetail(character)]
        case .escape:
            if query.isEmpty { return [.quit] }
            query = ""
        case .interrupt:
            return [.quit]
        case .left, .right, .up, .down, .refresh, .mouse:
            // Moves are `moveSelection`'s, the mouse the view's (`apply(click:double:)`, `apply(wheel:)`).
            return []
        }
        return [.search(name: query, status: status)]
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
        focus = .list
        selection = index
        return double ? apply(key: .enter) : []
    }

    /// The wheel turned `steps` notches (positive: down): it moves the selection, and past either
    /// end of the page turns the page.
    mutating func apply(wheel steps: Int) -> [Effect] {
        guard screen == .list, !help, !results.isEmpty else { return [] }
        focus = .list
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
