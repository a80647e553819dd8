/// The API's error body: `{"error": "There is nothing here"}`.
public struct ErrorBodyDTO: Codable, Sendable, Hashable {
    public var error: String

    public init(error: String) {
        self.error = error
    }

    /// The text for a filter with no match and for a page past the last.
    public static let nothingHere = "There is nothing here"
    /// The text for a path the API does not have (Express's 404 handler; with a full stop).
    public static let noRoute = "There is nothing here."
    /// The text for a non-numeric id (answered 500, as the real API does).
    public static let badParameter = "Hey! you must provide an id"
    /// The text for a malformed id list (answered 500).
    public static let badArray = "Bad... bad array :/"

    /// Mongoose's cast error, for an id that starts as a number but is not one (`1abc`), or a
    /// comma list with a word in it (cast as `NaN`); answered 500 by the API's error handler.
    public static func castFailed(_ value: String, kind: ResourceKind) -> String {
        "Cast to Number failed for value \"\(value)\" at path \"id\" for model \"\(kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst())\""
    }
}
