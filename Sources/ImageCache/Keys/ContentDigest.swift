import Crypto

/// SHA-256 as lowercase hex, through apple/swift-crypto: the names of cache files and the
/// checksums in export manifests.
package enum ContentDigest {
    /// The SHA-256 of `bytes` as 64 lowercase hex digits.
    package static func sha256<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        var hasher = SHA256()
        hasher.update(data: Array(bytes))
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: hasher.finalize().flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] }, as: UTF8.self)
    }
}
