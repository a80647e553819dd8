#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Colours in Oklab (Björn Ottosson, 2020): a perceptual space where straight-line distance
/// follows what eyes see, cheap to enter and leave. Cell fitting and palette matching measure
/// error here, so a cell's two colours are the ones a viewer would judge closest.
enum OKLab {
    /// sRGB byte → linear light, once for all 256 values.
    private static let linear: [Float] = (0...255).map { value in
        let c = Float(value) / 255
        return c <= 0.04045 ? c / 12.92 : powf((c + 0.055) / 1.055, 2.4)
    }

    /// An sRGB colour in Oklab (L in 0...1).
    static func from(red: UInt8, green: UInt8, blue: UInt8) -> SIMD3<Float> {
        from(linear: SIMD3(linear[Int(red)], linear[Int(green)], linear[Int(blue)]))
    }

    /// An sRGB colour with channels in 0...255 as floats (a blend of bytes) in Oklab.
    static func from(srgb colour: SIMD3<Float>) -> SIMD3<Float> {
        func decode(_ value: Float) -> Float {
            let c = min(max(value, 0), 255) / 255
            return c <= 0.04045 ? c / 12.92 : powf((c + 0.055) / 1.055, 2.4)
        }
        return from(linear: SIMD3(decode(colour.x), decode(colour.y), decode(colour.z)))
    }

    private static func from(linear rgb: SIMD3<Float>) -> SIMD3<Float> {
        let l = cbrtf(0.412_221_47 * rgb.x + 0.536_332_54 * rgb.y + 0.051_445_99 * rgb.z)
        let m = cbrtf(0.211_903_5 * rgb.x + 0.680_699_5 * rgb.y + 0.107_396_96 * rgb.z)
        let s = cbrtf(0.088_302_46 * rgb.x + 0.281_718_84 * rgb.y + 0.629_978_7 * rgb.z)
        return SIMD3(
            0.210_454_26 * l + 0.793_617_8 * m - 0.004_072_047 * s,
            1.977_998_5 * l - 2.428_592_2 * m + 0.450_593_7 * s,
            0.025_904_037 * l + 0.782_771_77 * m - 0.808_675_77 * s)
    }
}
