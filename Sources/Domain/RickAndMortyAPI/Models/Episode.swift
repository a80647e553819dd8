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
    public var created: Date

    public init(id: Int, name: String, airDate: String, code: String, characterIDs: [Int], created: Date) {
        self.id = id
        self.name = name
        self.airDate = airDate
        self.code = code
        self.characterIDs = characterIDs
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

/// In JSON, as the API writes it (what `--json` prints and reads back; its URLs as `RMCharacter`'s).
extension Episode {
    public init(from decoder: any Decoder) throws {
        self = try EpisodeDTO(from: decoder).model(at: "", under: decoder.userInfo[.apiRoot] as? APIRoot)
    }

    public func encode(to encoder: any Encoder) throws {
        try EpisodeDTO(self).written(under: encoder.apiRoot).encode(to: encoder)
    }
}

/// An episode's code as the API writes it, `S01E01`, read from `S1E1`, `s01e01` or `1x01`.
public struct EpisodeCode: Sendable, Hashable, CustomStringConvertible {
    public var season: Int
    public var episode: Int

    public init(season: Int, episode: Int) {
        self.season = season
        self.episode = episode
    }

    /// `nil` when `text` is not `S`, one or two digits, `E`, one or two digits (any case), or `1x01`.
    public init?(_ text: String) {
        let lowered = text.lowercased()
        let parts: [Substring]
        if lowered.hasPrefix("s"), lowered.contains("e") {
            parts = lowered.dropFirst().split(separator: "e", omittingEmptySubsequences: false)
        } else {
            parts = lowered.split(separator: "x", omittingEmptySubsequences: false)
        }
        guard parts.count == 2, parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCII) }),
            let season = Int(parts[0]), let episode = Int(parts[1]), season >= 0, episode >= 0
        else { return nil }
        self.init(season: season, episode: episode)
    }

    /// `S01E01`.
    public var description: String {
        "S" + Self.twoDigits(season) + "E" + Self.twoDigits(episode)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
