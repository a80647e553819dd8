import LoupeToolbox

extension CharacterGender {
    /// The genders a `gender` filter value selects, as the API matches it (a case-insensitive
    /// part, but `male…` only from the start: `male` selects `Male`, not `Female`); none for a
    /// value no gender contains.
    public static func selected(byFilter value: String) -> [CharacterGender] {
        let pattern = FilterPattern(value.trimmingWhitespace())
        return allCases.filter { pattern.matches($0.rawValue) }
    }
}
