import Glibc

extension Double {
    /// The value with `places` decimals as C's `printf("%.*f")` writes it (exact rounding), as
    /// `String(format:)` would without linking Foundation.
    package func decimalText(places: Int) -> String {
        let format = "%.\(max(0, places))f"
        var buffer = [CChar](repeating: 0, count: 64)
        var length = withVaList([self]) { vsnprintf(&buffer, buffer.count, format, $0) }
        if length >= buffer.count {
            buffer = [CChar](repeating: 0, count: Int(length) + 1)
            length = withVaList([self]) { vsnprintf(&buffer, buffer.count, format, $0) }
        }
        return String(decoding: buffer.prefix(max(0, Int(length))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
