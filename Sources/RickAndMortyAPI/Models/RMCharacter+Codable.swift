/// In JSON, as the API writes it (what `--json` prints and reads back).
extension RMCharacter {
    public init(from decoder: any Decoder) throws {
        self = try CharacterDTO(from: decoder).model(at: "", under: decoder.userInfo[.apiRoot] as? APIRoot)
    }

    public func encode(to encoder: any Encoder) throws {
        try CharacterDTO(self, encoder: encoder).encode(to: encoder)
    }
}
