/// One 8-bit RGBA color, straight alpha.
public struct RGBA: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}

extension RGBA {
    /// The four bytes in pixel order, stored at once.
    var bytes: SIMD4<UInt8> { SIMD4(red, green, blue, alpha) }

    /// `#rrggbb`, or `#rrggbbaa` when not opaque.
    public var hex: String {
        let channels = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
        return "#" + channels.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
