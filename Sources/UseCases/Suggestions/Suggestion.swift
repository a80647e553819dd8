/// A value to try instead of one that matched nothing, and how many known values it matches.
public struct Suggestion: Sendable, Hashable {
    /// The term, lower-cased: what to type.
    public var term: String
    /// How many of the known values contain it, as the API's filters match.
    public var matches: Int
    /// Its edit distance from what was typed.
    public var distance: Int

    public init(term: String, matches: Int, distance: Int) {
        self.term = term
        self.matches = matches
        self.distance = distance
    }
}
