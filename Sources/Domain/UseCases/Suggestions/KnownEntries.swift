import LoupeHTTP
import RickAndMortyAPI

/// What is known of an API without asking it: the characters, episodes and locations its cached
/// unfiltered pages hold, or the bundled dataset's. "Did you mean", `show NAME` hints and shell
/// completions draw on it, never on the network.
package struct KnownEntries: Sendable {
    package var characters: [RMCharacter]
    package var episodes: [Episode]
    package var locations: [Location]
    /// Whether `characters` is every character of the API (the bundled dataset, or a cache that
    /// holds every page of the listing): only then can a name's matches be counted.
    package var hasEveryCharacter: Bool

    package init(
        characters: [RMCharacter] = [], episodes: [Episode] = [], locations: [Location] = [], hasEveryCharacter: Bool = false
    ) {
        self.characters = characters
        self.episodes = episodes
        self.locations = locations
        self.hasEveryCharacter = hasEveryCharacter
    }

    /// What `cache` holds of `kinds`: every cached page of their unfiltered listings (`warm`
    /// stores them all). A completion reads one kind only: half the time of reading all three.
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

    /// Everything of `kinds` in a dataset folder's files (the bundled dataset, for `--api fixtures`).
    package static func all(in dataset: Dataset, _ kinds: Set<ResourceKind> = Set(ResourceKind.allCases)) -> KnownEntries {
        let origin = APIRoot.realService.description
        return KnownEntries(
            characters: kinds.contains(.character) ? dataset.characters.compactMap { try? $0.model(at: origin) } : [],
            episodes: kinds.contains(.episode) ? dataset.episodes.compactMap { try? $0.model(at: origin) } : [],
            locations: kinds.contains(.location) ? dataset.locations.compactMap { try? $0.model(at: origin) } : [],
            hasEveryCharacter: kinds.contains(.character))
    }
}
