/// Text from the network made safe inside an HTML page: it reaches the page as characters,
/// never as markup.
package enum HTMLText {
    /// `text` for an element's content or a quoted attribute's value: `&`, `<`, `>`, `"` and `'`
    /// as character references, and control characters (other than tab and line feed) dropped, as
    /// HTML forbids them.
    package static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\t", "\n": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value): continue
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
