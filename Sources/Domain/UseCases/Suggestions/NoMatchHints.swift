import RickAndMortyAPI

/// Why a character search may have found nothing: for each filter that matches no known
/// character on its own, the nearest known values ("rik" → "rick", 107 names).
package struct NoMatchHints: Sendable, Hashable {
    /// A filter whose value matched nothing, and what to try instead.
    package struct Hint: Sendable, Hashable {
        /// The filter: `name`, `species` or `type`.
        package var filter: CharacterFilter
        /// What was typed.
        package var typed: String
        /// Closest first; may be empty when nothing known is near.
        package var suggestions: [Suggestion]
    }

    /// One hint per filter that alone matches nothing, in the order name, species, type.
    package var hints: [Hint]
    /// Whether the suggestions' counts are the API's: only when `known` held every character.
    package var counted: Bool

    /// The hints for `query` against the `known` characters; none when `known` is empty. A
    /// part of the characters (a cache that holds some pages) still suggests, without counts.
    package init(query: CharacterQuery, known: [RMCharacter], complete: Bool) {
        counted = complete
        let fields: [(CharacterFilter, (RMCharacter) -> String)] = [(.name, \.name), (.species, \.species), (.type, \.type)]
        hints = fields.compactMap { filter, field in
            guard let typed = query.filters[filter], !known.isEmpty else { return nil }
            let values = known.map(field)
            let lowered = typed.lowercased()
            guard !values.contains(where: { $0.lowercased().contains(lowered) }) else { return nil }
            return Hint(filter: filter, typed: typed, suggestions: Spelling.suggestions(for: typed, in: values))
        }
    }
}
