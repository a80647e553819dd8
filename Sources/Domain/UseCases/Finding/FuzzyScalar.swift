/// fzf's character (rune) classes, bonuses and folds, as its `src/algo/algo.go` (junegunn/fzf, MIT:
/// LICENSES/fzf.txt) with its default scheme.
enum FuzzyScalar {
    /// fzf's character classes, in fzf's order: a class up to `delimiter` ends a word.
    enum Class: UInt8 {
        case white, nonWord, delimiter, lower, upper, letter, number
    }

    /// fzf's class of `value`: ASCII by table, the rest by Unicode general category.
    static func characterClass(of value: UInt32) -> Class {
        switch value {
        case 0x61...0x7A: return .lower
        case 0x41...0x5A: return .upper
        case 0x30...0x39: return .number
        case 0x20, 0x09...0x0D: return .white
        case 0x2F, 0x2C, 0x3A, 0x3B, 0x7C: return .delimiter  // fzf's delimiters: / , : ; |
        case 0..<0x80: return .nonWord
        default: break
        }
        guard let scalar = Unicode.Scalar(value) else { return .nonWord }
        switch scalar.properties.generalCategory {
        case .lowercaseLetter: return .lower
        case .uppercaseLetter: return .upper
        case .decimalNumber, .letterNumber, .otherNumber: return .number
        case .titlecaseLetter, .modifierLetter, .otherLetter: return .letter
        default: return scalar.properties.isWhitespace ? .white : .nonWord
        }
    }

    static let asciiClasses: [Class] = (0..<0x80).map { characterClass(of: UInt32($0)) }

    /// fzf's `bonusFor`; the first character of a text counts as after white space.
    static func bonus(after previous: Class, _ current: Class) -> Int16 {
        bonuses[Int(previous.rawValue) * 7 + Int(current.rawValue)]
    }

    /// `bonus(after:_:)` by `previous * 7 + current`.
    static let bonuses: [Int16] = {
        var matrix = [Int16](repeating: 0, count: 49)
        for previous in 0..<7 {
            for current in 0..<7 {
                matrix[previous * 7 + current] = bonusFor(
                    Class(rawValue: UInt8(previous)) ?? .nonWord,
                    Class(rawValue: UInt8(current)) ?? .nonWord)
            }
        }
        return matrix
    }()

    private static func bonusFor(_ previous: Class, _ current: Class) -> Int16 {
        if current.rawValue >= Class.nonWord.rawValue {
            switch previous {
            case .white: return FuzzyMatcher.bonusBoundaryWhite
            case .delimiter: return FuzzyMatcher.bonusBoundaryDelimiter
            case .nonWord: return FuzzyMatcher.bonusBoundary
            default: break
            }
        }
        if previous == .lower && current == .upper || previous != .number && current == .number {
            return FuzzyMatcher.bonusCamel123
        }
        switch current {
        case .nonWord, .delimiter: return FuzzyMatcher.bonusNonWord
        case .white: return FuzzyMatcher.bonusBoundaryWhite
        default: return 0
        }
    }

    /// `value` in lower case, one scalar for one (Unicode's simple mapping, as Go's `unicode.ToLower`).
    static func lowercase(_ value: UInt32) -> UInt32 {
        if value < 0x80 { return (0x41...0x5A).contains(value) ? value + 32 : value }
        guard let scalar = Unicode.Scalar(value) else { return value }
        return scalar.properties.lowercaseMapping.unicodeScalars.first?.value ?? value
    }

    /// The ASCII character fzf matches `value` to when normalizing (á is a, ǅ stays), else `value`.
    static func normalized(_ value: UInt32) -> UInt32 {
        guard value >= 0xC0, value < UInt32(latin.count) else { return value }
        let folded = latin[Int(value)]
        return folded == 0 ? value : UInt32(folded)
    }

    /// fzf normalizes only a term that has no accented letter: `martínez` asks for the í.
    static func isNormalized(_ values: [UInt32]) -> Bool {
        values.allSatisfy { normalized($0) == $0 }
    }

    /// ’ and ‘ as ', one scalar for one so that positions still index the name.
    static func straightened(_ value: UInt32) -> UInt32 {
        value == 0x2019 || value == 0x2018 ? 0x27 : value
    }

    /// fzf's table, dense: the folded ASCII value by scalar, 0 where a scalar does not fold.
    private static let latin: [UInt8] = {
        let end = latinTable.lazy.flatMap(\.1).max().map { Int($0) + 1 } ?? 0
        var table = [UInt8](repeating: 0, count: end)
        for (folded, values) in latinTable {
            for value in values { table[Int(value)] = UInt8(folded.value) }
        }
        // fzf's fullwidth forms of ASCII `!` to `~`.
        for value in 0xFF01...0xFF5E { table[value] = UInt8(value - 0xFEE0) }
        return table
    }()
}
