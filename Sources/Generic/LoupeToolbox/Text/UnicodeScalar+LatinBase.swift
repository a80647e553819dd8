extension Unicode.Scalar {
    /// The letter an accented Latin letter is written on, read from its Unicode name ("LATIN
    /// SMALL LETTER I WITH ACUTE": i, "LATIN CAPITAL LETTER O WITH STROKE": O); `nil` for any
    /// other character. Names fold with it, and fonts draw a letter they lack as its base.
    package var latinBase: Unicode.Scalar? {
        guard !isASCII, let name = properties.name, name.hasPrefix("LATIN ") else { return nil }
        let words = name.split(separator: " ")
        guard words.count >= 6, words[2] == "LETTER", words[4] == "WITH", words[3].count == 1,
            let letter = words[3].unicodeScalars.first, letter.isASCII
        else { return nil }
        return words[1] == "SMALL" ? Unicode.Scalar(letter.value | 0x20) : letter
    }
}
