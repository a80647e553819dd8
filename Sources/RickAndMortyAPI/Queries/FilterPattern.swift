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
