import LoupeToolbox

/// One filter value as the real API reads it (`new RegExp(escaped value, "i")`): a case-insensitive
/// substring, except that a value starting with "male" is anchored: `gender=male` is not "Female".
/// The value is folded once; a value longer than the field cannot match, so a 60 KB `name=` costs
/// what a short one does.
package struct FilterPattern: Sendable {
    private let needle: [Character]
    private let anchored: Bool

    package init(_ value: String) {
        let folded = value.lowercased()
        needle = Array(folded)
        anchored = folded.hasPrefix("male")
    }

    package func matches(_ field: String) -> Bool {
        if needle.isEmpty { return true }
        let haystack = Array(field.lowercased())
        guard needle.count <= haystack.count else { return false }
        if anchored { return haystack.prefix(needle.count).elementsEqual(needle) }
        // Fields are a few dozen characters: a plain scan is as fast as any other.
        for start in 0...(haystack.count - needle.count)
        where haystack[start] == needle[0] && haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }
}

/// A query's filters made into patterns once for a whole listing, not folded again for each item.
struct FilterRule<Filter: ResourceFilter>: Sendable {
    private let patterns: [(filter: Filter, pattern: FilterPattern)]

    init(_ filters: [Filter: String]) {
        patterns = filters.map { ($0.key, FilterPattern($0.value)) }
    }

    /// Whether `item` passes every filter.
    func matches(_ item: some Filterable<Filter>) -> Bool {
        patterns.allSatisfy { $0.pattern.matches(item.value(for: $0.filter)) }
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
    /// The genders a `gender` filter value selects, as the API matches it (`male` selects `Male`,
    /// not `Female`).
    public static func selected(byFilter value: String) -> [CharacterGender] {
        let pattern = FilterPattern(value.trimmingWhitespace())
        return allCases.filter { pattern.matches($0.rawValue) }
    }
}
