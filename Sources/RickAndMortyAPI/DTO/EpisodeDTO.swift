/// An episode exactly as the API's JSON writes it.
public struct EpisodeDTO: APIResource {
    public var id: Int
    public var name: String
    public var airDate: String
    public var episode: String
    public var characters: [String]
    public var url: String
    public var created: String

    /// In the API's order, which the encoding keeps.
    enum CodingKeys: String, CodingKey {
        case id, name
        case airDate = "air_date"
        case episode, characters, url, created
    }

    public init(id: Int, name: String, airDate: String, episode: String, characters: [String], url: String, created: String) {
        self.id = id
        self.name = name
        self.airDate = airDate
        self.episode = episode
        self.characters = characters
        self.url = url
        self.created = created
    }

    public static let kind = ResourceKind.episode
    public static let filterKeys = ["name", "episode"]
    public static let notFoundMessage = "Episode not found"

    public func value(forFilter key: String) -> String {
        switch key {
        case "name": name
        case "episode": episode
        default: ""
        }
    }

    public func model(at url: String) throws -> Episode {
        let field = WireField(url: url, prefix: "episode \(id)")
        return Episode(
            id: id,
            name: name,
            airDate: airDate,
            code: episode,
            characterIDs: try characters.enumerated().map { try field.id("characters[\($0.offset)]", $0.element) },
            url: try field.url("url", self.url),
            created: try field.date("created", created)
        )
    }
}
