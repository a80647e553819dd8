import BlockArt
import RickAndMortyAPI

/// The screens past the list: a character's detail, its episodes, an episode's cast, a
/// location's residents. Each opens from the one before and Esc walks back the same way.
extension BrowseState {
    /// A key on any screen but the list.
    mutating func navigate(_ key: Key) -> [Effect] {
        switch (screen, key) {
        case (_, .character("q")):
            return [.quit]
        case (_, .escape), (_, .backspace):
            back()
        case (.detail(let character, _), .character("y")):
            return [.share(character)]
        case (.detail(let character, let episodes?), .character("e")) where !episodes.isEmpty:
            push(.episodes(of: character, episodes))
        case (.detail(let character, _), .character("l")):
            guard let id = character.location.id else { return [] }
            let title = "Residents of " + TerminalText.sanitize(character.location.name)
            push(.people(title: title, nil))
            return [.fetchResidents(title: title, locationID: id)]
        case (.episodes, .up), (.people(_, .some), .up):
            itemSelection = max(0, itemSelection - 1)
        case (.episodes(_, let episodes), .down):
            itemSelection = min(max(0, episodes.count - 1), itemSelection + 1)
        case (.people(_, let people?), .down):
            itemSelection = min(max(0, people.count - 1), itemSelection + 1)
        case (.episodes(_, let episodes), .enter) where episodes.indices.contains(itemSelection):
            let episode = episodes[itemSelection]
            let title = TerminalText.sanitize(episode.code) + " " + TerminalText.sanitize(episode.name) + " — cast"
            push(.people(title: title, nil))
            return [.fetchPeople(title: title, ids: episode.characterIDs)]
        case (.people(_, let people?), .enter) where people.indices.contains(itemSelection):
            let person = people[itemSelection]
            push(.detail(person, episodes: nil))
            return [.fetchDetail(person)]
        case (.people(_, let people?), .character("y")) where people.indices.contains(itemSelection):
            return [.share(people[itemSelection])]
        default:
            break
        }
        return []
    }

    /// The people of the screen titled `title` arrived; dropped when that screen is gone.
    mutating func apply(people: [RMCharacter], title: String) {
        if case .people(let shown, nil) = screen, shown == title {
            screen = .people(title: title, people)
        }
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
