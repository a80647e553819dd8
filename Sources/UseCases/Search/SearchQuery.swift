import RickAndMortyAPI
import LoupeToolbox

/// A value a search field produces: the text typed, or the text and its filters. `SearchSession`
/// debounces these, drops repeats and searches for each that is not empty.
package protocol SearchQuery: Sendable, Hashable {
    /// The query as searched: surrounding white space trimmed, say.
    var normalized: Self { get }
    /// Whether there is nothing to search for (the session goes back to `.idle`).
    var isEmpty: Bool { get }
}

extension String: SearchQuery {
    /// Trimmed of surrounding white space and line breaks.
    package var normalized: String { trimmingWhitespace() }
}
