/// In JSON, as the API writes it (what `--json` prints and reads back).
extension Episode {
    public init(from decoder: any Decoder) throws {
        self = try EpisodeDTO(from: decoder).model(at: "", under: decoder.userInfo[.apiRoot] as? APIRoot)
    }

    public func encode(to encoder: any Encoder) throws {
        try EpisodeDTO(self, encoder: encoder).encode(to: encoder)
    }
}
