/// A JSON value as `OrderedJSONEncoder` builds it, keys in encoding order. A class, so that a
/// container handed out early is filled in place.
final class JSONNode {
    enum Value {
        case null
        case bool(Bool)
        /// A number, already written as JSON text.
        case number(String)
        case string(String)
        case array([JSONNode])
        /// Keys in encoding order; a key encoded twice keeps its first place and its last value.
        case object([(key: String, node: JSONNode)])
    }

    var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Appends `node` to this array (made one if it is not).
    func append(_ node: JSONNode) {
        if case .array(var items) = value {
            items.append(node)
            value = .array(items)
        } else {
            value = .array([node])
        }
    }

    /// Sets `key` on this object (made one if it is not).
    func set(_ key: String, _ node: JSONNode) {
        guard case .object(var members) = value else {
            value = .object([(key, node)])
            return
        }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].node = node
        } else {
            members.append((key, node))
        }
        value = .object(members)
    }

    /// The JSON text: compact, or indented two spaces with ` : ` between key and value, as
    /// Foundation's `.prettyPrinted`; `/` is never escaped.
    func write(pretty: Bool, into text: inout String, indent: Int = 0) {
        switch value {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .number(let number): text += number
        case .string(let string): Self.quote(string, into: &text)
        case .array(let items):
            writeList(items.map { (nil, $0) }, open: "[", close: "]", pretty: pretty, into: &text, indent: indent)
        case .object(let members):
            writeList(members.map { ($0.key, $0.node) }, open: "{", close: "}", pretty: pretty, into: &text, indent: indent)
        }
    }

    private func writeList(
        _ entries: [(String?, JSONNode)], open: String, close: String, pretty: Bool, into text: inout String, indent: Int
    ) {
        text += open
        // Foundation writes an empty one, pretty, as an empty line.
        guard !entries.isEmpty else { return text += (pretty ? "\n\n" + String(repeating: " ", count: indent * 2) : "") + close }
        let inner = String(repeating: " ", count: (indent + 1) * 2)
        for (index, (key, node)) in entries.enumerated() {
            if index > 0 { text += "," }
            if pretty { text += "\n" + inner }
            if let key {
                Self.quote(key, into: &text)
                text += pretty ? " : " : ":"
            }
            node.write(pretty: pretty, into: &text, indent: indent + 1)
        }
        if pretty { text += "\n" + String(repeating: " ", count: indent * 2) }
        text += close
    }

    /// `string` as a JSON string: quotes, backslashes and control characters escaped.
    static func quote(_ string: String, into text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
