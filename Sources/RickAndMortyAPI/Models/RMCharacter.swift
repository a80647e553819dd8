import FoundationEssentials

/// A character of the show, as the API describes it.
///
/// Named `RMCharacter` so it never shadows `Swift.Character`.
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
    /// The avatar, a 300x300 image (JPEG or PNG, whatever the URL's extension says).
    public var imageURL: URL
    /// Ids of the episodes the character appears in, in the API's order.
    public var episodeIDs: [Int]
    public var url: URL
    public var created: Date

    public init(
        id: Int, name: String, status: CharacterStatus, species: String, type: String,
        gender: CharacterGender, origin: PlaceReference, location: PlaceReference,
        imageURL: URL, episodeIDs: [Int], url: URL, created: Date
    ) {
        self.id = id
        self.name = name
        self.status = status
        self.species = species
        self.type = type
        self.gender = gender
        self.origin = origin
        self.location = location
        self.imageURL = imageURL
        self.episodeIDs = episodeIDs
        self.url = url
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
