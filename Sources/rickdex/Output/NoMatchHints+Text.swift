import BlockArt
import UseCases

extension NoMatchHints {
    /// One line a hint, for stderr: `no name contains 'rik'; did you mean rick (107 characters)?`
    var lines: [String] {
        hints.map { hint in
            // A long query is named by its start: the hint is about it, not a copy of it.
            let typed = TerminalText.truncate(TerminalText.sanitize(hint.typed), toColumns: 40)
            guard !hint.suggestions.isEmpty else { return "no known \(hint.filter.rawValue) contains '\(typed)'" }
            let choices = hint.suggestions.map { suggestion in
                TerminalText.sanitize(suggestion.term)
                    + (counted ? " (\(suggestion.matches) character\(suggestion.matches == 1 ? "" : "s"))" : "")
            }
            return "no \(hint.filter.rawValue) contains '\(typed)'; did you mean \(choices.joined(separator: ", "))?"
        }
    }
}
