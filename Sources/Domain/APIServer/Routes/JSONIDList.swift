/// A bracketed id list (`[1,2,3]`) read as the real API reads it: `JSON.parse`, strictly (no
/// leading zero, no trailing comma, JSON's four white-space characters), then each entry cast to
/// a number as Mongoose casts the entries of `$in`. Not `JSONDecoder`, which takes `[1,2,]`.
enum JSONIDList {
    /// What Mongoose's cast makes of one entry.
    enum Entry: Equatable {
        /// An integral id that may name an item.
        case id(Int)
        /// A value no item has: `null`, an empty string, a fraction, infinity.
        case none
        /// The cast fails, naming the value as Mongoose's error does.
        case failed(String)
    }

    /// Nesting past this is malformed here; JavaScript runs out of stack somewhere past it.
    private static let depthLimit = 512

    /// The entries of `text`, a JSON array; `nil` where `JSON.parse` throws or it is no array.
    static func entries(_ text: String) -> [Entry]? {
        var reader = Reader(bytes: Array(text.utf8))
        reader.skipSpace()
        guard reader.peek == UInt8(ascii: "["), let entries = reader.array(depth: 0), reader.atEnd else { return nil }
        return entries
    }

    /// A cursor over the bytes, one JSON value at a time.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        var atEnd: Bool {
            mutating get {
                skipSpace()
                return index == bytes.count
            }
        }

        mutating func skipSpace() {
            while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        }

        /// An array at the cursor, its entries cast; `nil` when malformed.
        mutating func array(depth: Int) -> [Entry]? {
            var entries: [Entry] = []
            let read = list(UInt8(ascii: "["), UInt8(ascii: "]"), depth: depth) { reader in
                guard let entry = reader.value(depth: depth + 1) else { return false }
                entries.append(entry)
                return true
            }
            return read ? entries : nil
        }

        /// An object at the cursor; `false` when malformed.
        mutating func object(depth: Int) -> Bool {
            list(UInt8(ascii: "{"), UInt8(ascii: "}"), depth: depth) { reader in
                guard reader.string() != nil else { return false }
                reader.skipSpace()
                guard reader.peek == UInt8(ascii: ":") else { return false }
                reader.index += 1
                reader.skipSpace()
                return reader.value(depth: depth + 1) != nil
            }
        }

        /// `open`, items read by `item` separated by commas, `close`; `false` when malformed.
        private mutating func list(
            _ open: UInt8, _ close: UInt8, depth: Int, item: (inout Reader) -> Bool
        ) -> Bool {
            guard depth < JSONIDList.depthLimit, peek == open else { return false }
            index += 1
            skipSpace()
            if peek == close {
                index += 1
                return true
            }
            while true {
                skipSpace()
                guard item(&self) else { return false }
                skipSpace()
                switch peek {
                case UInt8(ascii: ","): index += 1
                case close:
                    index += 1
                    return true
                default: return false
                }
            }
        }

        /// Any value at the cursor, cast as an entry of `$in`; `nil` when malformed.
        mutating func value(depth: Int) -> Entry? {
            switch peek {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                // An array or object is no id: the cast fails naming it.
                let start = index
                guard peek == UInt8(ascii: "[") ? array(depth: depth) != nil : object(depth: depth) else { return nil }
                return .failed(String(decoding: bytes[start..<index], as: UTF8.self))
            case UInt8(ascii: "\""):
                guard let text = string() else { return nil }
                if text.isEmpty { return Entry.none }
                guard let number = JavaScriptNumber.number(text) else { return .failed(text) }
                return Int(exactly: number).map(Entry.id) ?? Entry.none
            case UInt8(ascii: "t"): return literal("true") ? .id(1) : nil
            case UInt8(ascii: "f"): return literal("false") ? .id(0) : nil
            case UInt8(ascii: "n"): return literal("null") ? Entry.none : nil
            default:
                guard let number = number() else { return nil }
                return Int(exactly: number).map(Entry.id) ?? Entry.none
            }
        }

        mutating func literal(_ word: String) -> Bool {
            let word = Array(word.utf8)
            guard bytes.count - index >= word.count, bytes[index..<(index + word.count)].elementsEqual(word) else { return false }
            index += word.count
            return true
        }

        /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`, JSON's number.
        mutating func number() -> Double? {
            let start = index
            if peek == UInt8(ascii: "-") { index += 1 }
            if peek == UInt8(ascii: "0") {
                index += 1
            } else {
                guard digits() > 0 else { return nil }
            }
            if peek == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { return nil }
            }
            if let byte = peek, byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                index += 1
                if let sign = peek, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { return nil }
            }
            return Double(String(decoding: bytes[start..<index], as: UTF8.self))
        }

        mutating func digits() -> Int {
            let start = index
            while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            return index - start
        }

        /// A string at the cursor with its escapes read; `nil` when malformed. A lone surrogate
        /// (which JavaScript keeps) becomes U+FFFD: no number is spelled with one either way.
        mutating func string() -> String? {
            guard peek == UInt8(ascii: "\"") else { return nil }
            index += 1
            var scalars = String.UnicodeScalarView()
            var run = index
            func flush(_ end: Int) {
                scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
            }
            while let byte = peek {
                switch byte {
                case UInt8(ascii: "\""):
                    flush(index)
                    index += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush(index)
                    index += 1
                    guard let escaped = escape() else { return nil }
                    scalars.append(escaped)
                    run = index
                case 0..<0x20:
                    return nil
                default:
                    index += 1
                }
            }
            return nil
        }

        /// The character after a backslash (the cursor on it); `nil` for no JSON escape.
        mutating func escape() -> Unicode.Scalar? {
            guard let byte = peek else { return nil }
            index += 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(byte)
            case UInt8(ascii: "b"): return "\u{8}"
            case UInt8(ascii: "f"): return "\u{C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                guard let high = hex4() else { return nil }
                if (0xD800..<0xDC00).contains(high), bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                {
                    let mark = index
                    index += 2
                    if let low = hex4(), (0xDC00..<0xE000).contains(low) {
                        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                    }
                    index = mark
                }
                return Unicode.Scalar(high) ?? "\u{FFFD}"
            default: return nil
            }
        }

        mutating func hex4() -> UInt32? {
            guard bytes.count - index >= 4 else { return nil }
            guard let value = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16) else { return nil }
            index += 4
            return value
        }
    }
}
