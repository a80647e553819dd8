import FoundationEssentials
import LoupeToolbox

/// SHA-256 (`LoupeToolbox`'s): as lowercase hex, the names of cache files and the checksums in export
/// manifests; as base64, the hashes of a gallery page's Content-Security-Policy.
package enum ContentDigest {
    /// The SHA-256 of `bytes` as 64 lowercase hex digits.
    package static func sha256<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(
            decoding: SHA256.hash(bytes).flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] }, as: UTF8.self)
    }

    /// The SHA-256 of `bytes` in base64, as a Content-Security-Policy `'sha256-…'` source takes it.
    package static func sha256Base64<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        Data(SHA256.hash(bytes)).base64EncodedString()
    }
}
