/// A value to try instead of one that matched nothing, and how many known values it matches.
package struct Suggestion: Sendable, Hashable {
    /// The term, lower-cased: what to type.
    package var term: String
    /// How many of the known values contain it, as the API's filters match.
    package var matches: Int
    /// Its edit distance from what was typed.
    package var distance: Int

    package init(term: String, matches: Int, distance: Int) {
        self.term = term
        self.matches = matches
        self.distance = distance
    }
}
