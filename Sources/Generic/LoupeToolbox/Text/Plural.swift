/// Counted nouns as English says them, built in one place: `Plural.count(1, "entry")` is
/// "1 entry", `Plural.count(2, "entry")` "2 entries", `Plural.count(0, "miss")` "0 misses".
package enum Plural {
    package static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(number == 1 ? noun : of(noun))"
    }

    /// The plural of a regular `noun` (the last word of a phrase): -es after s, x, z, ch and sh,
    /// -ies for y after a consonant, else -s.
    package static func of(_ noun: String) -> String {
        if ["s", "x", "z", "ch", "sh"].contains(where: noun.hasSuffix) { return noun + "es" }
        if noun.hasSuffix("y"), let before = noun.dropLast().last, !"aeiou".contains(before) {
            return noun.dropLast() + "ies"
        }
        return noun + "s"
    }
}
