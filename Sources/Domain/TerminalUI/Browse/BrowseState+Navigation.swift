import BlockArt
import RickAndMortyAPI

/// The screens past the list: a character's detail, its episodes, an episode's cast, a
/// location's residents. Each opens from the one before and Esc walks back the same way.
extension BrowseState {
    /// A key on any screen but the list: single letters act (q, e, l, y, r) beside the list's keys.
    mutating func navigate(_ key: Key) -> [Effect] {
        if let count = itemCount, moveItem(key, count: count) { return [] }
        switch (screen, key) {
        case (_, .character("q")), (_, .control("d")):
            return [.abort]
        case (_, .character("?")):
            help = true
            helpOffset = 0
        case (_, .escape), (_, .backspace), (_, .left):
            back()
        case (.detail(let character, _), .character("y")), (.detail(let character, _), .control("o")):
            return [.share(character)]
        case (.detail, .enter) where picks:
            return accept(key: nil)
        case (.detail(let character, .loaded(let episodes)), .character("e")) where !character.episodeIDs.isEmpty:
            push(.episodes(of: character, episodes))
        case (.detail(let character, .failed), .character("r")), (.detail(let character, .failed), .control("r")):
            screen = .detail(character, episodes: .loading)
            return [.fetchDetail(character)]
        case (.detail(let character, _), .character("l")):
            guard let id = character.location.id else { return [] }
            let title = "Residents of " + TerminalText.sanitize(character.location.name)
            return open(title, .residents(locationID: id))
        case (.episodes(let character, let episodes), .enter):
            let rows = Self.episodeRows(of: character, episodes)
            guard rows.indices.contains(itemSelection) else { return [] }
            guard let episode = rows[itemSelection].episode else {
                notice = "episode \(rows[itemSelection].id) is not in this API's data: no cast to show"
                return []
            }
            let title = TerminalText.sanitize(episode.code) + " " + TerminalText.sanitize(episode.name) + " — cast"
            return open(title, .characters(ids: episode.characterIDs))
        case (.people(let title, let source, .failed), .character("r")),
            (.people(let title, let source, .failed), .control("r")):
            screen = .people(title: title, source, .loading)
            return [source.fetch(title: title)]
        case (.people(_, _, .loaded(let people)), .enter) where people.indices.contains(itemSelection):
            return open(people[itemSelection])
        case (.people(_, _, .loaded(let people)), .character("y")) where people.indices.contains(itemSelection),
            (.people(_, _, .loaded(let people)), .control("o")) where people.indices.contains(itemSelection):
            return [.share(people[itemSelection])]
        default:
            break
        }
        return []
    }

    /// The episodes screen's rows: every episode `character` names, in its order, `nil` where the
    /// API's data lacks it (the detail counts those too).
    static func episodeRows(of character: RMCharacter, _ episodes: [Episode]) -> [(id: Int, episode: Episode?)] {
        let byID = Dictionary(episodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return character.episodeIDs.map { ($0, byID[$0]) }
    }

    /// The rows of the episodes or people list shown, or `nil` on a screen without one.
    private var itemCount: Int? {
        switch screen {
        case .episodes(let character, _): character.episodeIDs.count
        case .people(_, _, .loaded(let people)): people.count
        case .list, .detail, .people: nil
        }
    }

    /// ↑ ↓ (Ctrl-K/P, Ctrl-J/N), Home, End, PgUp and PgDn on the episodes and people lists.
    private mutating func moveItem(_ key: Key, count: Int) -> Bool {
        let last = max(0, count - 1)
        switch key {
        case .up, .control("k"), .control("p"): itemSelection = max(0, itemSelection - 1)
        case .down, .control("j"), .control("n"): itemSelection = min(last, itemSelection + 1)
        case .pageUp: itemSelection = max(0, itemSelection - visibleItems)
        case .pageDown: itemSelection = min(last, itemSelection + visibleItems)
        case .home: itemSelection = 0
        case .end: itemSelection = last
        default: return false
        }
        return true
    }

    /// The people of the screen titled `title` arrived, or failed; dropped when it is gone.
    mutating func apply(people: Fetched<[RMCharacter]>, title: String) {
        if case .people(let shown, let source, .loading) = screen, shown == title {
            screen = .people(title: title, source, people)
        }
    }

    /// Opens the people screen titled `title`, its people on their way from `source`.
    private mutating func open(_ title: String, _ source: PeopleSource) -> [Effect] {
        push(.people(title: title, source, .loading))
        return [source.fetch(title: title)]
    }

    mutating func push(_ next: Screen) {
        history.append((screen, screen == .list ? selection : itemSelection))
        screen = next
        itemSelection = 0
    }

    /// Back to the screen before, with its selection; the list when there is none.
    mutating func back() {
        guard let last = history.popLast() else {
            screen = .list
            return
        }
        screen = last.screen
        if last.screen != .list { itemSelection = last.selection }
    }
}

/// Where a people screen's characters come from, so that a failed fetch can be asked again.
enum PeopleSource: Equatable {
    /// An episode's cast.
    case characters(ids: [Int])
    case residents(locationID: Int)
    func fetch(title: String) -> BrowseState.Effect {
        switch self {
        case .characters(let ids): .fetchPeople(title: title, ids: ids)
        case .residents(let id): .fetchResidents(title: title, locationID: id)
        }
    }
}
