import Glibc

extension Double {
    /// The value with `places` decimals, as C's `printf("%.*f")` writes it (the C library's own
    /// formatter, so rounding is exact): `2.5`, `13`, `-0.1`. What `String(format:)` printed for
    /// sizes and durations, without linking Foundation for it.
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
