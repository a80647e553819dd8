/// How the real API (Node) reads an id: `parseInt` to tell an id from a word, `Number` for each
/// entry of a comma list and, through Mongoose's cast, for the id itself. Written to ECMAScript's
/// grammar (StringToNumber, `parseInt` with no radix): `0x10` is 16 in both, `1e0` and `+1` are 1
/// to `Number`, and a number too long for an `Int` is still a number.
enum JavaScriptNumber {
    /// Whether `parseInt(text)` is a number: leading white space, a sign, then at least one digit
    /// (hexadecimal after `0x`). `false` where JavaScript has `NaN`.
    static func parsesAsInteger(_ text: String) -> Bool {
        var rest = Substring(text).unicodeScalars.drop(while: isWhiteSpace)
        if let first = rest.first, first == "-" || first == "+" { rest = rest.dropFirst() }
        var hexadecimal = false
        if rest.starts(with: "0x".unicodeScalars) || rest.starts(with: "0X".unicodeScalars) {
            rest = rest.dropFirst(2)
            hexadecimal = true
        }
        guard let first = rest.first else { return false }
        return digit(first, radix: hexadecimal ? 16 : 10) != nil
    }

    /// `Number(text)`: the whole text, trimmed of JavaScript's white space, as a number (empty is
    /// 0); `nil` where JavaScript has `NaN`.
    static func number(_ text: String) -> Double? {
        let scalars = Array(text.unicodeScalars)
        guard let start = scalars.firstIndex(where: { !isWhiteSpace($0) }),
            let end = scalars.lastIndex(where: { !isWhiteSpace($0) })
        else { return 0 }
        let trimmed = scalars[start...end]
        if let value = nonDecimal(trimmed) { return value }
        var body = trimmed
        var sign = 1.0
        if let first = body.first, first == "-" || first == "+" {
            sign = first == "-" ? -1 : 1
            body = body.dropFirst()
        }
        if body.elementsEqual("Infinity".unicodeScalars) { return sign * .infinity }
        guard isDecimalLiteral(body), let value = Double(String(String.UnicodeScalarView(body))) else { return nil }
        return sign * value
    }

    /// `0b…`, `0o…` or `0x…` with no sign, as StringToNumber reads them; `nil` for anything else.
    private static func nonDecimal(_ scalars: ArraySlice<Unicode.Scalar>) -> Double? {
        guard scalars.count > 2, scalars.first == "0" else { return nil }
        let marker = scalars[scalars.startIndex + 1]
        let radix: Int
        switch marker {
        case "x", "X": radix = 16
        case "o", "O": radix = 8
        case "b", "B": radix = 2
        default: return nil
        }
        var value = 0.0
        for scalar in scalars.dropFirst(2) {
            guard let digit = digit(scalar, radix: radix) else { return nil }
            value = value * Double(radix) + Double(digit)
        }
        return value
    }

    /// StrUnsignedDecimalLiteral but `Infinity`: digits with an optional fraction (either side
    /// of the point may be empty, not both), then an optional exponent with digits.
    private static func isDecimalLiteral(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        var rest = scalars
        let whole = rest.prefix { digit($0, radix: 10) != nil }.count
        rest = rest.dropFirst(whole)
        var fraction = 0
        if rest.first == "." {
            rest = rest.dropFirst()
            fraction = rest.prefix { digit($0, radix: 10) != nil }.count
            rest = rest.dropFirst(fraction)
        }
        guard whole + fraction > 0 else { return false }
        if let first = rest.first, first == "e" || first == "E" {
            rest = rest.dropFirst()
            if let sign = rest.first, sign == "+" || sign == "-" { rest = rest.dropFirst() }
            let exponent = rest.prefix { digit($0, radix: 10) != nil }.count
            guard exponent > 0 else { return false }
            rest = rest.dropFirst(exponent)
        }
        return rest.isEmpty
    }

    private static func digit(_ scalar: Unicode.Scalar, radix: Int) -> Int? {
        guard scalar.isASCII, let value = Int(String(scalar), radix: 36), value < radix else { return nil }
        return value
    }

    /// JavaScript's StrWhiteSpaceChar: WhiteSpace (tab, vertical tab, form feed, the byte order
    /// mark, and the Space_Separator category) and LineTerminator. Not Swift's `isWhitespace`,
    /// which takes U+0085 and leaves out U+FEFF.
    private static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000,
            0xFEFF:
            true
        default: false
        }
    }
}
