/// In JSON, as the API writes it (what `--json` prints and reads back).
extension Location {
    public init(from decoder: any Decoder) throws {
        self = try LocationDTO(from: decoder).model(at: "")
    }

    public func encode(to encoder: any Encoder) throws {
        try LocationDTO(self).encode(to: encoder)
    }
}
