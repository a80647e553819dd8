import LoupeToolbox

/// One filter value as the real API interprets it.
///
/// The service builds `new RegExp(value, "i")` from the value with regex metacharacters escaped,
/// so a filter is a case-insensitive substring, except that a value starting with "male" is
/// anchored at the start: `gender=male` matches "Male" and not "Female".
struct FilterPattern {
    private let needle: String
    private let anchored: Bool

    init(_ value: String) {
        needle = value.lowercased()
        anchored = needle.hasPrefix("male")
    }

    func matches(_ field: String) -> Bool {
        if needle.isEmpty { return true }
        let haystack = field.lowercased()
        return anchored ? haystack.hasPrefix(needle) : haystack.contains(needle)
    }
}

extension CharacterStatus {
    /// The statuses a `status` filter value selects, as the API matches it (a case-insensitive
    /// part: `ali` selects `Alive`); none for a value no status contains.
    public static func selected(byFilter value: String) -> [CharacterStatus] {
        let pattern = FilterPattern(value.trimmingWhitespace())
        return allCases.filter { pattern.matches($0.rawValue) }
    }
}

extension CharacterGender {
    /// The genders a `gender` filter value selects, as the API matches it (a case-insensitive
    /// part, but `male…` only from the start: `male` selects `Male`, not `Female`); none for a
    /// value no gender contains.
    public static func selected(byFilter value: String) -> [CharacterGender] {
        let pattern = FilterPattern(value.trimmingWhitespace())
        return allCases.filter { pattern.matches($0.rawValue) }
    }
}
