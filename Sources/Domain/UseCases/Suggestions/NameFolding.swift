import LoupeToolbox

/// A name as people type it: the form in which `Martínez` and `martinez`, `Mr. Poopybutthole` and
/// `mr poopybutthole`, `Morty’s Lawyer` and `morty's lawyer` are one.
///
/// Case is folded, accents dropped (`Unicode.Scalar.latinBase`: í is i, Ø is o), every
/// apostrophe (curly, backtick, acute) made the straight one a keyboard types, periods removed,
/// and every run of white space made one space, trimmed at both ends. Names, suggestions and
/// completion all compare folded; what finds nothing so is tried `loose` (apostrophes set aside:
/// `ricks garage` for "Rick's Garage").
package enum NameFolding {
    package static func fold(_ text: String) -> String {
        var folded = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !folded.isEmpty
                continue
            }
            if scalar == "." || scalar.properties.generalCategory == .nonspacingMark { continue }
            if pendingSpace {
                folded.append(" ")
                pendingSpace = false
            }
            if apostrophes.contains(scalar) {
                folded.append("'")
                continue
            }
            folded.append(contentsOf: String(scalar.latinBase ?? scalar).lowercased().unicodeScalars)
        }
        return String(folded)
    }

    /// `folded` with its apostrophes set aside: the second try, for what people type without them.
    package static func loose(_ folded: String) -> String {
        folded.contains("'") ? folded.filter { $0 != "'" } : folded
    }

    /// Whether `name`, folded, contains `typed`, folded (or, when `typed` has no apostrophe, loose).
    package static func contains(_ name: String, _ typed: String) -> Bool {
        folded(fold(name), contains: fold(typed))
    }

    /// `contains` for a name and a text already folded.
    package static func folded(_ name: String, contains typed: String) -> Bool {
        name.contains(typed) || (!typed.contains("'") && name.contains("'") && loose(name).contains(typed))
    }

    /// Apostrophes as the data and keyboards write them: straight, curly, backtick, acute, modifier.
    private static let apostrophes: Set<Unicode.Scalar> = ["'", "\u{2019}", "\u{2018}", "`", "\u{00B4}", "\u{02BC}"]
}
