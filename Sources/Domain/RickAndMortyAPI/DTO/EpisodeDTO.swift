/// An episode exactly as the API's JSON writes it.
package struct EpisodeDTO: WireResource {
    package var id: Int
    package var name: String
    package var airDate: String
    package var episode: String
    package var characters: [String]
    package var url: String
    package var created: String

    /// In the API's order, which the encoding keeps.
    enum CodingKeys: String, CodingKey {
        case id, name
        case airDate = "air_date"
        case episode, characters, url, created
    }

    package init(id: Int, name: String, airDate: String, episode: String, characters: [String], url: String, created: String) {
        self.id = id
        self.name = name
        self.airDate = airDate
        self.episode = episode
        self.characters = characters
        self.url = url
        self.created = created
    }

    package func mapURLs(_ transform: (String) -> String) -> EpisodeDTO {
        var copy = self
        (copy.characters, copy.url) = (characters.map(transform), transform(url))
        return copy
    }

    package func value(for filter: EpisodeFilter) -> String {
        switch filter {
        case .name: name
        case .episode: episode
        }
    }

    package func model(at url: String, under root: APIRoot? = nil) throws -> Episode {
        let field = fields(at: url, under: root)
        _ = try field.path("url", self.url)
        return Episode(
            id: id,
            name: name,
            airDate: airDate,
            code: episode,
            characterIDs: try characters.enumerated().map { try field.id("characters[\($0.offset)]", $0.element) },
            created: try field.date("created", created)
        )
    }
}
