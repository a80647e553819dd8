import RickAndMortyAPI

/// Why a character search may have found nothing: for each filter that matches no known
/// character on its own, the nearest known values ("rik" → "rick", 107 names).
package struct NoMatchHints: Sendable, Hashable {
    package struct Hint: Sendable, Hashable {
        /// `name`, `species` or `type`.
        package var filter: CharacterFilter
        package var typed: String
        /// Closest first; may be empty.
        package var suggestions: [Suggestion]
    }

    /// In the order name, species, type.
    package var hints: [Hint]
    /// Whether the suggestions' counts are the API's: only when `known` held every character.
    package var counted: Bool

    /// None when `known` is empty; some of the characters still suggest, without counts.
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
