import FoundationEssentials

/// An episode of the show.
public struct Episode: APIResource {
    public var id: Int
    public var name: String
    /// As the API writes it, e.g. "December 2, 2013".
    public var airDate: String
    /// The code, e.g. "S01E01".
    public var code: String
    public var characterIDs: [Int]
    public var url: URL
    public var created: Date

    public init(id: Int, name: String, airDate: String, code: String, characterIDs: [Int], url: URL, created: Date) {
        self.id = id
        self.name = name
        self.airDate = airDate
        self.code = code
        self.characterIDs = characterIDs
        self.url = url
        self.created = created
    }
}

extension Episode {
    public static var kind: ResourceKind { .episode }

    public func value(for filter: EpisodeFilter) -> String {
        switch filter {
        case .name: name
        case .episode: code
        }
    }
}
