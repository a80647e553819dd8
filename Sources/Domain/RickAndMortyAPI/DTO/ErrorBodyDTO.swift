/// The API's error body: `{"error": "There is nothing here"}`.
package struct ErrorBodyDTO: Codable, Sendable, Hashable {
    package var error: String

    /// The text for a filter with no match and for a page past the last.
    package static let nothingHere = "There is nothing here"
    /// The text for a path the API does not have (Express's 404 handler; with a full stop).
    package static let noRoute = "There is nothing here."
    /// The text for a non-numeric id (answered 500, as the real API does).
    package static let badParameter = "Hey! you must provide an id"
    /// The text for a malformed id list (answered 500).
    package static let badArray = "Bad... bad array :/"

    /// Mongoose's cast error, for an id that starts as a number but is not one (`1abc`), or a
    /// comma list with a word in it (cast as `NaN`); answered 500 by the API's error handler.
    package static func castFailed(_ value: String, kind: ResourceKind) -> String {
        "Cast to Number failed for value \"\(value)\" at path \"id\" for model \"\(model(kind))\""
    }

    /// The text for an unknown id, e.g. `Character not found`.
    package static func notFound(_ kind: ResourceKind) -> String {
        "\(model(kind)) not found"
    }

    /// The API's Mongoose model name for a kind, e.g. `Character`.
    private static func model(_ kind: ResourceKind) -> String {
        kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst()
    }
}
