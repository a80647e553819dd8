import RickAndMortyAPI

/// `episode`'s shape: the episode and its cast (`rickdex episode --json`).
public struct EpisodeDetail: Encodable, Sendable {
    public var episode: Episode
    public var characters: [RMCharacter]

    public init(episode: Episode, characters: [RMCharacter]) {
        self.episode = episode
        self.characters = characters
    }
}
