import RickAndMortyAPI

/// `rickdex location --json`.
struct LocationDetail: Encodable {
    var location: Location
    var residents: [RMCharacter]
}
