import Foundation

/// File names for exported avatars: `0002-morty-smith`.
///
/// ASCII, lower case, letters and digits joined by single hyphens: safe on every file system, with
/// no `..`, no `/`, no leading dot, and a bounded length.
public enum FileSlug {
    public static func make(_ name: String, maxLength: Int = 48) -> String {
        let folded = name.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
        var slug = ""
        var pendingHyphen = false
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
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

    /// `0001-rick-sanchez`, the id padded to `digits`.
    public static func stem(id: Int, name: String, digits: Int) -> String {
        let number = String(id)
        return String(repeating: "0", count: max(0, digits - number.count)) + number + "-" + make(name)
    }
}
