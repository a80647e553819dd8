import BlockArt
import RickAndMortyAPI

/// The screens past the list: a character's detail, its episodes, an episode's cast, a
/// location's residents. Each opens from the one before and Esc walks back the same way.
extension BrowseState {
    /// A key on any screen but the list. These have no text field, so single letters act (q, e,
    /// l, y, r) beside the keys the list uses (Ctrl-Y, Ctrl-R).
    mutating func navigate(_ key: Key) -> [Effect] {
        switch (screen, key) {
        case (_, .character("q")):
            return [.quit]
        case (_, .character("?")):
            help = true
        case (_, .escape), (_, .backspace), (_, .left):
            back()
        case (.detail(let character, _), .character("y")), (.detail(let character, _), .copy):
            return [.share(character)]
        case (.detail(let character, _), .enter) where picks:
            return [.pick(character)]
        case (.detail(let character, .loaded(let episodes)), .character("e")) where !episodes.isEmpty:
            push(.episodes(of: character, episodes))
        case (.detail(let character, .failed), .character("r")), (.detail(let character, .failed), .refresh):
            screen = .detail(character, episodes: .loading)
            return [.fetchDetail(character)]
        case (.detail(let character, _), .character("l")):
            guard let id = character.location.id else { return [] }
            let title = "Residents of " + TerminalText.sanitize(character.location.name)
            return open(title, .residents(locationID: id))
        case (.episodes, .up), (.people(_, _, .loaded), .up):
            itemSelection = max(0, itemSelection - 1)
        case (.episodes(_, let episodes), .down):
            itemSelection = min(max(0, episodes.count - 1), itemSelection + 1)
        case (.people(_, _, .loaded(let people)), .down):
            itemSelection = min(max(0, people.count - 1), itemSelection + 1)
        case (.episodes(_, let episodes), .enter) where episodes.indices.contains(itemSelection):
            let episode = episodes[itemSelection]
            let title = TerminalText.sanitize(episode.code) + " " + TerminalText.sanitize(episode.name) + " — cast"
            return open(title, .characters(ids: episode.characterIDs))
        case (.people(let title, let source, .failed), .character("r")), (.people(let title, let source, .failed), .refresh):
            screen = .people(title: title, source, .loading)
            return [source.fetch(title: title)]
        case (.people(_, _, .loaded(let people)), .enter) where people.indices.contains(itemSelection):
            return open(people[itemSelection])
        case (.people(_, _, .loaded(let people)), .character("y")) where people.indices.contains(itemSelection),
            (.people(_, _, .loaded(let people)), .copy) where people.indices.contains(itemSelection):
            return [.share(people[itemSelection])]
        default:
            break
        }
        return []
    }

    /// The people of the screen titled `title` arrived, or failed; dropped when that screen is
    /// gone.
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

    /// Opens `next`, remembering where it came from.
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
