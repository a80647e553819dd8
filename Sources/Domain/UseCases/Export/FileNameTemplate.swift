import RickAndMortyAPI

/// How an export names its files: `--name '{id}-{name}'`, the default. `{id}` is zero-padded, the
/// text fields slugged (`FileSlug`); without `{size}` a thumbnail's name ends in `-SIZE`, without
/// `{ext}` `.EXT` is added; literal text is ASCII letters, digits, `-`, `_`, `.`: never a path.
package struct FileNameTemplate: Sendable, Hashable {
    /// A part of the template: text as written, or a field.
    enum Part: Sendable, Hashable {
        case text(String)
        case field(Field)
    }

    /// The fields a template may hold.
    package enum Field: String, Sendable, Hashable, CaseIterable {
        case id, name, status, species, type, gender, origin, location, size, ext
    }

    /// Why a template cannot be used, said for `--name`.
    package struct Invalid: Error, CustomStringConvertible, Sendable {
        package var description: String
    }

    let parts: [Part]

    /// `{id}-{name}`.
    package static let standard = FileNameTemplate(parts: [.field(.id), .text("-"), .field(.name)])

    init(parts: [Part]) {
        self.parts = parts
    }

    /// Reads `template`; throws `Invalid` naming what is wrong.
    package init(parsing template: String) throws(Invalid) {
        var parts: [Part] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            if open > rest.startIndex { parts.append(.text(String(rest[..<open]))) }
            guard rest[open] == "{", let close = rest[open...].firstIndex(of: "}") else {
                throw Invalid(description: "--name '\(template)' has an unmatched brace")
            }
            let word = rest[rest.index(after: open)..<close]
            guard let field = Field(rawValue: String(word)) else {
                let names = Field.allCases.map { "{\($0.rawValue)}" }.joined(separator: ", ")
                throw Invalid(description: "--name '\(template)' has an unknown field {\(word)}: the fields are \(names)")
            }
            parts.append(.field(field))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.text(String(rest))) }
        for case .text(let text) in parts {
            if let bad = text.first(where: { !($0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0))) }) {
                throw Invalid(
                    description: "--name '\(template)' has '\(bad)', which cannot be in a file name: use letters, digits, -, _ and .")
            }
        }
        // `{ext}` ends the name, after a dot; it is kept apart, as the size goes before it.
        if parts.last == .field(.ext) {
            parts.removeLast()
            guard case .text(let text)? = parts.last, text.hasSuffix(".") else {
                throw Invalid(description: "--name '\(template)' has no dot before {ext}: write '.{ext}' at its end")
            }
            parts[parts.count - 1] = .text(String(text.dropLast()))
            if text == "." { parts.removeLast() }
        }
        if parts.contains(.field(.ext)) {
            throw Invalid(description: "--name '\(template)' puts {ext} before its end: the extension ends a file name, so write '.{ext}' last")
        }
        if case .text(let text)? = parts.last, text.hasSuffix(".") {
            throw Invalid(description: "--name '\(template)' ends with a dot: the extension is added after it")
        }
        if case .text(let text)? = parts.first, text.hasPrefix(".") {
            throw Invalid(description: "--name '\(template)' starts with a dot, which hides the file")
        }
        guard parts.contains(where: { if case .field(let field) = $0 { field != .size && field != .ext } else { false } }) else {
            throw Invalid(description: "--name '\(template)' names no field of the character: add {id} or {name}")
        }
        self.parts = parts
    }

    /// The file name of `character`'s original (`size` nil) or thumbnail, with extension `ext`.
    package func name(of character: RMCharacter, size: Int?, ext: String, digits: Int) -> String {
        var name = ""
        var hasSize = false
        for part in parts {
            switch part {
            case .text(let text): name += text
            case .field(let field):
                switch field {
                case .id:
                    let number = String(character.id)
                    name += String(repeating: "0", count: max(0, digits - number.count)) + number
                case .name: name += FileSlug.make(character.name)
                case .status: name += FileSlug.make(character.status.rawValue)
                case .species: name += FileSlug.make(character.species)
                case .type: name += FileSlug.make(character.type.isEmpty ? "none" : character.type)
                case .gender: name += FileSlug.make(character.gender.rawValue)
                case .origin: name += FileSlug.make(character.origin.name)
                case .location: name += FileSlug.make(character.location.name)
                case .size:
                    name += size.map(String.init) ?? "original"
                    hasSize = true
                case .ext:
                    break  // `init(parsing:)` keeps `{ext}` out of `parts`: it always ends the name.
                }
            }
        }
        if !hasSize, let size { name += "-\(size)" }
        return name + ".\(ext)"
    }
}

/// File names for exported avatars, `0002-morty-smith`: ASCII letters and digits joined by single
/// hyphens, bounded in length, safe on every file system.
package enum FileSlug {
    package static func make(_ name: String, maxLength: Int = 48) -> String {
        var slug = ""
        var pendingHyphen = false
        for original in name.unicodeScalars {
            // An accent written as a scalar of its own (decomposed text) goes with its letter.
            if original.properties.generalCategory == .nonspacingMark { continue }
            // An apostrophe joins what it sits in, as folding does: "Morty’s" is mortys.
            if "'’‘`´ʼ".unicodeScalars.contains(original) { continue }
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

    /// The ASCII character a scalar folds to without accents or width (`N` for `ñ`, by its Unicode
    /// name; `1` for `１`), or `nil`: Foundation's folding without its ICU tables.
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
