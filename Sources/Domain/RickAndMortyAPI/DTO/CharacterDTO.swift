/// A character exactly as the API's JSON writes it.
package struct CharacterDTO: WireResource {
    /// An origin or location: its name and API URL (empty when unknown).
    package struct Place: Codable, Sendable, Hashable {
        package var name: String
        package var url: String

        package init(name: String, url: String) {
            self.name = name
            self.url = url
        }
    }

    package var id: Int
    package var name: String
    package var status: String
    package var species: String
    package var type: String
    package var gender: String
    /// `null` when the place it pointed at is gone (the real API's `populate` finds nothing).
    package var origin: Place?
    package var location: Place?
    package var image: String
    package var episode: [String]
    package var url: String
    package var created: String

    package init(
        id: Int, name: String, status: String, species: String, type: String, gender: String,
        origin: Place?, location: Place?, image: String, episode: [String], url: String, created: String
    ) {
        self.id = id
        self.name = name
        self.status = status
        self.species = species
        self.type = type
        self.gender = gender
        self.origin = origin
        self.location = location
        self.image = image
        self.episode = episode
        self.url = url
        self.created = created
    }

    /// A place as the model holds it; `null` reads as an unknown place.
    private static func reference(_ place: Place?, field: WireField, _ name: String) throws -> PlaceReference {
        guard let place else { return PlaceReference(name: "unknown", id: nil) }
        return PlaceReference(name: place.name, id: try field.optionalID(name, place.url))
    }

    /// Writes `origin` and `location` as `null` when missing, as the API does (the synthesized
    /// encoding would leave the keys out).
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(status, forKey: .status)
        try container.encode(species, forKey: .species)
        try container.encode(type, forKey: .type)
        try container.encode(gender, forKey: .gender)
        try container.encode(origin, forKey: .origin)
        try container.encode(location, forKey: .location)
        try container.encode(image, forKey: .image)
        try container.encode(episode, forKey: .episode)
        try container.encode(url, forKey: .url)
        try container.encode(created, forKey: .created)
    }

    package func mapURLs(_ transform: (String) -> String) -> CharacterDTO {
        var copy = self
        copy.origin = origin.map { Place(name: $0.name, url: transform($0.url)) }
        copy.location = location.map { Place(name: $0.name, url: transform($0.url)) }
        (copy.image, copy.episode, copy.url) = (transform(image), episode.map(transform), transform(url))
        return copy
    }

    package func value(for filter: CharacterFilter) -> String {
        switch filter {
        case .name: name
        case .status: status
        case .species: species
        case .type: type
        case .gender: gender
        }
    }

    package func model(at url: String, under root: APIRoot? = nil) throws -> RMCharacter {
        let field = fields(at: url, under: root)
        _ = try field.path("url", self.url)
        return RMCharacter(
            id: id,
            name: name,
            status: try field.enumeration("status", status, CharacterStatus.self),
            species: species,
            type: type,
            gender: try field.enumeration("gender", gender, CharacterGender.self),
            origin: try Self.reference(origin, field: field, "origin.url"),
            location: try Self.reference(location, field: field, "location.url"),
            image: try field.path("image", image),
            episodeIDs: try episode.enumerated().map { try field.id("episode[\($0.offset)]", $0.element) },
            created: try field.date("created", created)
        )
    }
}
