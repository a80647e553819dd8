import RickAndMortyAPI

/// `rickdex episode --json`.
struct EpisodeDetail: Encodable {
    var episode: Episode
    var characters: [RMCharacter]
}
