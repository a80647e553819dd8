/// The API's error body: `{"error": "There is nothing here"}`.
public struct ErrorBodyDTO: Codable, Sendable, Hashable {
    public var error: String

    public init(error: String) {
        self.error = error
    }

    /// The text for a filter with no match and for a page past the last.
    public static let nothingHere = "There is nothing here"
    /// The text for a non-numeric id.
    public static let badParameter = "Hey! that parameter is not allowed, try with a number instead ;)"
    /// The text for an id list with a non-numeric entry.
    public static let badArray = "Bad... bad array :/"
}
