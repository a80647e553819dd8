/// In JSON, as the API writes it (what `--json` prints and reads back).
extension RMCharacter {
    public init(from decoder: any Decoder) throws {
        self = try CharacterDTO(from: decoder).model(at: "")
    }

    public func encode(to encoder: any Encoder) throws {
        try CharacterDTO(self).encode(to: encoder)
    }
}
