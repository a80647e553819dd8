import RickAndMortyAPI

/// `location`'s shape: the place and who lives there (`rickdex location --json`).
public struct LocationDetail: Encodable, Sendable {
    public var location: Location
    public var residents: [RMCharacter]

    public init(location: Location, residents: [RMCharacter]) {
        self.location = location
        self.residents = residents
    }
}
