import RickAndMortyAPI

/// `location`'s shape: the place and who lives there (`rickdex location --json`).
package struct LocationDetail: Encodable, Sendable {
    package var location: Location
    package var residents: [RMCharacter]

    package init(location: Location, residents: [RMCharacter]) {
        self.location = location
        self.residents = residents
    }
}
