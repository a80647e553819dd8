import FoundationEssentials
import LoupeToolbox

/// What a cache entry is: a list of parts (a URL, processor identifiers, a size), each joined with
/// its length in front (`5:hello`), so different lists never give the same key: `["a", "bc"]` and
/// `["ab", "c"]` are `1:a2:bc` and `2:ab1:c`.
public struct CacheKey: Sendable, Hashable, CustomStringConvertible {
    public let parts: [String]
    /// The joined form, kept in entry metadata; made once, as the file name is.
    public let description: String
    /// SHA-256 of the joined form in hex.
    public let fileName: String

    /// The key of a caller's own name for an original (`ImageRequest.imageID`): `["key", name]`.
    public init(_ name: String) {
        self.init(["key", name])
    }

    public init(_ parts: [String]) {
        self.parts = parts
        self.description = parts.map { "\($0.utf8.count):\($0)" }.joined()
        self.fileName = Self.fileName(ofJoined: description)
    }

    // The parts say everything the joined form says.
    public static func == (lhs: CacheKey, rhs: CacheKey) -> Bool { lhs.parts == rhs.parts }
    public func hash(into hasher: inout Hasher) { hasher.combine(parts) }

    static func fileName(ofJoined joined: String) -> String { ContentDigest.sha256(joined.utf8) }

    /// The parts of a key in its joined form; `nil` when it is not one.
    static func parts(ofJoined joined: String) -> [String]? {
        var parts: [String] = []
        var rest = Substring(joined)
        while !rest.isEmpty {
            guard let colon = rest.firstIndex(of: ":"), let length = Int(rest[..<colon]), length >= 0 else { return nil }
            let bytes = rest[rest.index(after: colon)...].utf8
            guard bytes.count >= length else { return nil }
            let end = bytes.index(bytes.startIndex, offsetBy: length)
            parts.append(String(Substring(bytes[..<end])))
            rest = Substring(bytes[end...])
        }
        return parts
    }

    /// The key with one more part (a variant of the same source).
    public func appending(_ part: String) -> CacheKey {
        CacheKey(parts + [part])
    }
}

/// SHA-256 (`LoupeToolbox`'s): as lowercase hex, the names of cache files and the checksums in export
/// manifests; as base64, the hashes of a gallery page's Content-Security-Policy.
package enum ContentDigest {
    package static func sha256<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(
            decoding: SHA256.hash(bytes).flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] }, as: UTF8.self)
    }

    package static func sha256Base64<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        Data(SHA256.hash(bytes)).base64EncodedString()
    }
}
