/// File names for exported avatars: `0002-morty-smith`.
///
/// ASCII, lower case, letters and digits joined by single hyphens: safe on every file system, with
/// no `..`, no `/`, no leading dot, and a bounded length.
package enum FileSlug {
    package static func make(_ name: String, maxLength: Int = 48) -> String {
        var slug = ""
        var pendingHyphen = false
        for original in name.unicodeScalars {
            // An accent written as a scalar of its own (decomposed text) goes with its letter.
            if original.properties.generalCategory == .nonspacingMark { continue }
            if let scalar = latinBase(original), scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingHyphen, !slug.isEmpty { slug += "-" }
                slug.unicodeScalars.append(
                    Unicode.Scalar(UInt8(scalar.value)).properties.lowercaseMapping.unicodeScalars.first ?? scalar)
                pendingHyphen = false
            } else {
                pendingHyphen = true
            }
            if slug.count >= maxLength { break }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "character" : slug
    }

    /// The ASCII character a scalar folds to, without its accents or width: `N` for `ñ` (by its
    /// Unicode name, "LATIN SMALL LETTER N WITH TILDE", in capitals), `1` for a full-width `１`;
    /// the scalar itself when ASCII; `nil` for anything else. Foundation's diacritic and width
    /// folding without its ICU tables.
    static func latinBase(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        if scalar.isASCII { return scalar }
        // The full-width forms of ASCII `!`...`~`, in ASCII's order.
        if (0xFF01...0xFF5E).contains(scalar.value) { return Unicode.Scalar(scalar.value - 0xFEE0) }
        guard let words = scalar.properties.name?.split(separator: " "), words.count >= 4, words[0] == "LATIN",
            words[2] == "LETTER", words[3].count == 1, words.count == 4 || words[4] == "WITH"
        else { return nil }
        return words[3].unicodeScalars.first
    }

    /// `0001-rick-sanchez`, the id padded to `digits`.
    package static func stem(id: Int, name: String, digits: Int) -> String {
        let number = String(id)
        return String(repeating: "0", count: max(0, digits - number.count)) + number + "-" + make(name)
    }
}
