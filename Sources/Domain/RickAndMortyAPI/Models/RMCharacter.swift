import FoundationEssentials

/// A character of the show; named `RMCharacter` so it never shadows `Swift.Character`.
public struct RMCharacter: APIResource {
    public var id: Int
    public var name: String
    public var status: CharacterStatus
    public var species: String
    /// The subspecies or kind ("Parasite", "Clone"); often empty.
    public var type: String
    public var gender: CharacterGender
    /// Where the character comes from.
    public var origin: PlaceReference
    /// Where the character was last seen.
    public var location: PlaceReference
    /// The avatar, 300x300, JPEG or PNG whatever the extension says: `character/avatar/1.jpeg`.
    public var image: APIPath
    /// Ids of the episodes the character appears in, in the API's order.
    public var episodeIDs: [Int]
    public var created: Date

    public init(
        id: Int, name: String, status: CharacterStatus, species: String, type: String,
        gender: CharacterGender, origin: PlaceReference, location: PlaceReference,
        image: APIPath, episodeIDs: [Int], created: Date
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
        self.episodeIDs = episodeIDs
        self.created = created
    }
}

extension RMCharacter {
    public static var kind: ResourceKind { .character }

    public func value(for filter: CharacterFilter) -> String {
        switch filter {
        case .name: name
        case .status: status.rawValue
        case .species: species
        case .type: type
        case .gender: gender.rawValue
        }
    }
}

/// In JSON as the API writes it (`--json`): URLs relative to the coder's `CodingUserInfoKey.apiRoot`.
extension RMCharacter {
    public init(from decoder: any Decoder) throws {
        self = try CharacterDTO(from: decoder).model(at: "", under: decoder.userInfo[.apiRoot] as? APIRoot)
    }

    public func encode(to encoder: any Encoder) throws {
        try CharacterDTO(self).written(under: encoder.apiRoot).encode(to: encoder)
    }
}

/// Whether a character is alive, with the API's spelling as raw value.
public enum CharacterStatus: String, Sendable, Hashable, Codable, CaseIterable {
    case alive = "Alive"
    case dead = "Dead"
    case unknown = "unknown"
}

/// A character's gender, with the API's spelling as raw value.
public enum CharacterGender: String, Sendable, Hashable, Codable, CaseIterable {
    case female = "Female"
    case male = "Male"
    case genderless = "Genderless"
    case unknown = "unknown"
}

/// A character's origin or last location: a name, and the location's id when the API knows it.
public struct PlaceReference: Sendable, Hashable, Codable {
    public var name: String
    /// `nil` when the API gives no URL (an "unknown" place).
    public var id: Int?

    public init(name: String, id: Int?) {
        self.name = name
        self.id = id
    }
}
