/// HTTP header names compare without regard to ASCII case (RFC 9110 §5.1). Names are ASCII
/// tokens, so a byte comparison is exact and far cheaper than Foundation's locale-aware
/// `caseInsensitiveCompare`, which a header lookup per response made visible in profiles.
enum HeaderName {
    static func matches(_ name: String, _ other: String) -> Bool {
        name.utf8.count == other.utf8.count
            && zip(name.utf8, other.utf8).allSatisfy { lowered($0) == lowered($1) }
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }
}
