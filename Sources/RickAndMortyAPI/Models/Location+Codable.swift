/// In JSON, as the API writes it (what `--json` prints and reads back).
extension Location {
    public init(from decoder: any Decoder) throws {
        self = try LocationDTO(from: decoder).model(at: "", under: decoder.userInfo[.apiRoot] as? APIRoot)
    }

    public func encode(to encoder: any Encoder) throws {
        try LocationDTO(self, encoder: encoder).encode(to: encoder)
    }
}
