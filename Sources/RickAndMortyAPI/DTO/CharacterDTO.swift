/// A character exactly as the API's JSON writes it.
public struct CharacterDTO: APIResource {
    /// An origin or location: its name and API URL (empty when unknown).
    public struct Place: Codable, Sendable, Hashable {
        public var name: String
        public var url: String

        public init(name: String, url: String) {
            self.name = name
            self.url = url
        }
    }

    public var id: Int
    public var name: String
    public var status: String
    public var species: String
    public var type: String
    public var gender: String
    public var origin: Place
    public var location: Place
    public var image: String
    public var episode: [String]
    public var url: String
    public var created: String

    public init(
        id: Int, name: String, status: String, species: String, type: String, gender: String,
        origin: Place, location: Place, image: String, episode: [String], url: String, created: String
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

    public static let path = "character"
    public static let filterKeys = ["name", "status", "species", "type", "gender"]
    public static let notFoundMessage = "Character not found"

    public func value(forFilter key: String) -> String {
        switch key {
        case "name": name
        case "status": status
        case "species": species
        case "type": type
        case "gender": gender
        default: ""
        }
    }

    public func model(at url: String) throws -> RMCharacter {
        let field = WireField(url: url, prefix: "character \(id)")
        return RMCharacter(
            id: id,
            name: name,
            status: try field.enumeration("status", status, CharacterStatus.self),
            species: species,
            type: type,
            gender: try field.enumeration("gender", gender, CharacterGender.self),
            origin: PlaceReference(name: origin.name, id: try field.optionalID("origin.url", origin.url)),
            location: PlaceReference(name: location.name, id: try field.optionalID("location.url", location.url)),
            imageURL: try field.url("image", image),
            episodeIDs: try episode.enumerated().map { try field.id("episode[\($0.offset)]", $0.element) },
            url: try field.url("url", self.url),
            created: try field.date("created", created)
        )
    }
}
