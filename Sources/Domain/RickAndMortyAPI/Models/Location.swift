import FoundationEssentials

/// A place in the multiverse.
public struct Location: APIResource {
    public var id: Int
    public var name: String
    /// The kind of place, e.g. "Planet".
    public var type: String
    public var dimension: String
    public var residentIDs: [Int]
    public var created: Date

    public init(id: Int, name: String, type: String, dimension: String, residentIDs: [Int], created: Date) {
        self.id = id
        self.name = name
        self.type = type
        self.dimension = dimension
        self.residentIDs = residentIDs
        self.created = created
    }
}

extension Location {
    public static var kind: ResourceKind { .location }

    public func value(for filter: LocationFilter) -> String {
        switch filter {
        case .name: name
        case .type: type
        case .dimension: dimension
        }
    }
}

/// In JSON, as the API writes it (what `--json` prints and reads back; its URLs as `RMCharacter`'s).
extension Location {
    public init(from decoder: any Decoder) throws {
        self = try LocationDTO(from: decoder).model(at: "", under: decoder.userInfo[.apiRoot] as? APIRoot)
    }

    public func encode(to encoder: any Encoder) throws {
        try LocationDTO(self).written(under: encoder.apiRoot).encode(to: encoder)
    }
}
