/// A name as people type it: the form in which `Martínez` and `martinez`, `Mr. Poopybutthole` and
/// `mr poopybutthole`, `Morty’s Lawyer` and `morty's lawyer` are one.
///
/// Case is folded, accents dropped (a letter written "LATIN SMALL LETTER I WITH ACUTE" is i),
/// apostrophes (straight, curly, backtick) and periods removed, and every run of white space
/// made one space, trimmed at both ends. Names, suggestions and completion all compare folded.
public enum NameFolding {
    public static func fold(_ text: String) -> String {
        var folded = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !folded.isEmpty
                continue
            }
            if ignored.contains(scalar) || scalar.properties.generalCategory == .nonspacingMark { continue }
            if pendingSpace {
                folded.append(" ")
                pendingSpace = false
            }
            folded.append(contentsOf: base(of: scalar).lowercased().unicodeScalars)
        }
        return String(folded)
    }

    /// Whether `name`, folded, contains `typed`, folded.
    public static func contains(_ name: String, _ typed: String) -> Bool {
        fold(name).contains(fold(typed))
    }

    /// Apostrophes and periods: "Morty’s", "Mr." and "mortys", "mr" are the same.
    private static let ignored: Set<Unicode.Scalar> = ["'", "\u{2019}", "\u{2018}", "`", "\u{00B4}", "\u{02BC}", "."]

    /// The letter an accented Latin letter is written on (é: e, Ø: O), from its Unicode name;
    /// any other character as it is.
    private static func base(of scalar: Unicode.Scalar) -> String {
        guard !scalar.isASCII, let name = scalar.properties.name, name.hasPrefix("LATIN ") else { return String(scalar) }
        let words = name.split(separator: " ")
        // "LATIN SMALL LETTER I WITH ACUTE", "LATIN CAPITAL LETTER O WITH STROKE".
        guard words.count >= 6, words[2] == "LETTER", words[4] == "WITH", words[3].count == 1 else {
            return String(scalar)
        }
        return String(words[3])
    }
}
