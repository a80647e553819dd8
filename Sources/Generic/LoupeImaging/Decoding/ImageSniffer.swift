/// Tells the format from the first bytes, never from a file name or a content type.
public enum ImageSniffer {
    /// `nil` when the bytes are neither JPEG (`FF D8 FF`) nor PNG (the 8-byte signature).
    public static func format<Bytes: Collection<UInt8>>(of bytes: Bytes) -> ImageFormat? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        return nil
    }

    /// Whether the bytes reach their format's end marker: JPEG's EOI (`FF D9`) or PNG's `IEND`
    /// chunk, within the last 64 bytes (some encoders pad). A download cut short fails this
    /// even where a decoder would quietly fill in gray.
    public static func isComplete(_ bytes: [UInt8]) -> Bool {
        let tail = bytes.suffix(64)
        switch format(of: bytes) {
        case .jpeg:
            return zip(tail, tail.dropFirst()).contains { $0 == 0xFF && $1 == 0xD9 }
        case .png:
            let marker = Array("IEND".utf8)
            return tail.indices.contains { index in tail[index...].starts(with: marker) }
        case nil:
            return false
        }
    }

    /// The first bytes in hex, for error messages: `3C 21 44 4F 43 54 59 50 ("<!DOCTYP")`.
    public static func preview<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        let head = bytes.prefix(8)
        let hex = head.map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
        let text = String(decoding: head.map { (0x20..<0x7F).contains($0) ? $0 : UInt8(ascii: ".") }, as: UTF8.self)
        return "\(hex) (\"\(text)\")"
    }
}
