import RickAndMortyAPI

/// `episode`'s shape: the episode and its cast (`rickdex episode --json`).
package struct EpisodeDetail: Encodable, Sendable {
    package var episode: Episode
    package var characters: [RMCharacter]

    package init(episode: Episode, characters: [RMCharacter]) {
        self.episode = episode
        self.characters = characters
    }
}
