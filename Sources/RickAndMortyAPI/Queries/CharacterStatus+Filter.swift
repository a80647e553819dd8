import LoupeToolbox

extension CharacterStatus {
    /// The statuses a `status` filter value selects, as the API matches it (a case-insensitive
    /// part: `ali` selects `Alive`); none for a value no status contains.
    public static func selected(byFilter value: String) -> [CharacterStatus] {
        let pattern = FilterPattern(value.trimmingWhitespace())
        return allCases.filter { pattern.matches($0.rawValue) }
    }
}
