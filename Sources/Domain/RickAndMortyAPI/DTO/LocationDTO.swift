/// A location exactly as the API's JSON writes it.
package struct LocationDTO: WireResource {
    package var id: Int
    package var name: String
    /// Absent on the "unknown" location (id 0 in the API's own dumps).
    package var type: String?
    package var dimension: String?
    package var residents: [String]
    package var url: String
    package var created: String

    package init(id: Int, name: String, type: String?, dimension: String?, residents: [String], url: String, created: String) {
        self.id = id
        self.name = name
        self.type = type
        self.dimension = dimension
        self.residents = residents
        self.url = url
        self.created = created
    }

    package func mapURLs(_ transform: (String) -> String) -> LocationDTO {
        var copy = self
        (copy.residents, copy.url) = (residents.map(transform), transform(url))
        return copy
    }

    package func value(for filter: LocationFilter) -> String {
        switch filter {
        case .name: name
        case .type: type ?? ""
        case .dimension: dimension ?? ""
        }
    }

    package func model(at url: String, under root: APIRoot? = nil) throws -> Location {
        let field = fields(at: url, under: root)
        _ = try field.path("url", self.url)
        return Location(
            id: id,
            name: name,
            type: type ?? "unknown",
            dimension: dimension ?? "unknown",
            residentIDs: try residents.enumerated().map { try field.id("residents[\($0.offset)]", $0.element) },
            created: try field.date("created", created)
        )
    }
}
