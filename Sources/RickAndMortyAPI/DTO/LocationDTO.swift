/// A location exactly as the API's JSON writes it.
public struct LocationDTO: APIResource {
    public var id: Int
    public var name: String
    /// Absent on the "unknown" location (id 0 in the API's own dumps).
    public var type: String?
    public var dimension: String?
    public var residents: [String]
    public var url: String
    public var created: String

    public init(id: Int, name: String, type: String?, dimension: String?, residents: [String], url: String, created: String) {
        self.id = id
        self.name = name
        self.type = type
        self.dimension = dimension
        self.residents = residents
        self.url = url
        self.created = created
    }

    public static let kind = ResourceKind.location
    public static let filterKeys = ["name", "type", "dimension"]
    public static let notFoundMessage = "Location not found"

    public func value(forFilter key: String) -> String {
        switch key {
        case "name": name
        case "type": type ?? ""
        case "dimension": dimension ?? ""
        default: ""
        }
    }

    public func model(at url: String) throws -> Location {
        let field = WireField(url: url, prefix: "location \(id)")
        return Location(
            id: id,
            name: name,
            type: type ?? "unknown",
            dimension: dimension ?? "unknown",
            residentIDs: try residents.enumerated().map { try field.id("residents[\($0.offset)]", $0.element) },
            url: try field.url("url", self.url),
            created: try field.date("created", created)
        )
    }
}
