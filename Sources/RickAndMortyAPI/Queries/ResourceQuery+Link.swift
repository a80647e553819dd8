extension ResourceQuery {
    /// The query as the API writes it in a page's `next` and `prev` links:
    /// `ROOT/character/?page=2&name=rick`, values percent-encoded but for unreserved characters,
    /// so `&`, `=` and `+` inside a filter survive the round trip.
    public func link(under root: APIRoot, trailingSlash: Bool = true) -> String {
        let items = queryItems.map { "\($0.name)=\(Self.encoded($0.value ?? ""))" }
        return "\(root)/\(Resource.path)\(trailingSlash ? "/" : "")?" + items.joined(separator: "&")
    }

    private static func encoded(_ value: String) -> String {
        var text = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                text.append(Character(Unicode.Scalar(byte)))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                text += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return text
    }
}
