import LoupeHTTP
import RickAndMortyAPI

/// What is known of an API without asking it (its cached unfiltered pages, or the bundled
/// dataset): what "did you mean", `show NAME` hints and shell completions draw on.
package struct KnownEntries: Sendable {
    package var characters: [RMCharacter]
    package var episodes: [Episode]
    package var locations: [Location]
    /// Whether `characters` is every character of the API: only then can a name's matches be counted.
    package var hasEveryCharacter: Bool

    package init(
        characters: [RMCharacter] = [], episodes: [Episode] = [], locations: [Location] = [], hasEveryCharacter: Bool = false
    ) {
        self.characters = characters
        self.episodes = episodes
        self.locations = locations
        self.hasEveryCharacter = hasEveryCharacter
    }

    /// What `cache`'s unfiltered listings hold of `kinds` (a completion reads one kind: half the time).
    package static func cached(in cache: any ResponseCache, _ kinds: Set<ResourceKind> = Set(ResourceKind.allCases))
        -> KnownEntries
    {
        let offline = OfflineRickAndMortyClient(cache: cache, root: nil)
        let characters = kinds.contains(.character) ? offline.cachedItems(RMCharacter.self) : []
        return KnownEntries(
            characters: characters,
            episodes: kinds.contains(.episode) ? offline.cachedItems(Episode.self) : [],
            locations: kinds.contains(.location) ? offline.cachedItems(Location.self) : [],
            hasEveryCharacter: !characters.isEmpty && offline.cachedCount(RMCharacter.self) == characters.count)
    }

    /// Everything of `kinds` in a dataset (the bundled one, for `--api fixtures`).
    package static func all(in dataset: Dataset, _ kinds: Set<ResourceKind> = Set(ResourceKind.allCases)) -> KnownEntries {
        let origin = APIRoot.realService.description
        return KnownEntries(
            characters: kinds.contains(.character) ? dataset.characters.compactMap { try? $0.model(at: origin) } : [],
            episodes: kinds.contains(.episode) ? dataset.episodes.compactMap { try? $0.model(at: origin) } : [],
            locations: kinds.contains(.location) ? dataset.locations.compactMap { try? $0.model(at: origin) } : [],
            hasEveryCharacter: kinds.contains(.character))
    }
}
