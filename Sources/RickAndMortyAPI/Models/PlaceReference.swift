/// A character's origin or last location: a name, and the location's id when the API knows it.
public struct PlaceReference: Sendable, Hashable, Codable {
    public var name: String
    /// `nil` when the API gives no URL (an "unknown" place).
    public var id: Int?

    public init(name: String, id: Int?) {
        self.name = name
        self.id = id
    }
}
