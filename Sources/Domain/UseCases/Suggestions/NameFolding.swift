import LoupeToolbox

/// A name as people type it, in which `Martínez` and `martinez`, `Mr. Poopybutthole` and
/// `mr poopybutthole`, `Morty’s Lawyer` and `morty's lawyer` are one: case folded, accents dropped
/// (`Unicode.Scalar.latinBase`), apostrophes straight, periods removed, white space one space.
/// What finds nothing so is tried `loose` (`ricks garage` for "Rick's Garage").
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

    package static func loose(_ folded: String) -> String {
        folded.contains("'") ? folded.filter { $0 != "'" } : folded
    }

    /// Whether `name`, folded, contains `typed`, folded (or, when `typed` has no apostrophe, loose).
    package static func contains(_ name: String, _ typed: String) -> Bool {
        folded(fold(name), contains: fold(typed))
    }

    package static func folded(_ name: String, contains typed: String) -> Bool {
        name.contains(typed) || (!typed.contains("'") && name.contains("'") && loose(name).contains(typed))
    }

    /// Apostrophes as the data and keyboards write them: straight, curly, backtick, acute, modifier.
    private static let apostrophes: Set<Unicode.Scalar> = ["'", "\u{2019}", "\u{2018}", "`", "\u{00B4}", "\u{02BC}"]
}
