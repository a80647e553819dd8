import LoupeToolbox

/// A name as people type it: the form in which `Martínez` and `martinez`, `Mr. Poopybutthole` and
/// `mr poopybutthole`, `Morty’s Lawyer` and `morty's lawyer` are one.
///
/// Case is folded, accents dropped (`Unicode.Scalar.latinBase`: í is i, Ø is o),
/// apostrophes (straight, curly, backtick) and periods removed, and every run of white space
/// made one space, trimmed at both ends. Names, suggestions and completion all compare folded.
package enum NameFolding {
    package static func fold(_ text: String) -> String {
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
            folded.append(contentsOf: String(scalar.latinBase ?? scalar).lowercased().unicodeScalars)
        }
        return String(folded)
    }

    /// Whether `name`, folded, contains `typed`, folded.
    package static func contains(_ name: String, _ typed: String) -> Bool {
        fold(name).contains(fold(typed))
    }

    /// Apostrophes and periods: "Morty’s", "Mr." and "mortys", "mr" are the same.
    private static let ignored: Set<Unicode.Scalar> = ["'", "\u{2019}", "\u{2018}", "`", "\u{00B4}", "\u{02BC}", "."]
}
