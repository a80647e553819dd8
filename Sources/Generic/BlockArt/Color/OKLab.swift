import Glibc

/// Oklab (Björn Ottosson, 2020): a perceptual space where distance follows what eyes see, cheap
/// to enter and leave; cell fitting and palette matching measure error here.
enum OKLab {
    /// sRGB byte → linear light, once for all 256 values.
    private static let linear: [Float] = (0...255).map { value in
        let c = Float(value) / 255
        return c <= 0.04045 ? c / 12.92 : powf((c + 0.055) / 1.055, 2.4)
    }

    /// `cbrtf` at every non-negative float whose low 16 bits are zero, and one more.
    private static let cubeRoots: [Float] = (0...0x8000).map { cbrtf(Float(bitPattern: UInt32($0) << 16)) }

    /// L in 0...1.
    static func from(red: UInt8, green: UInt8, blue: UInt8) -> SIMD3<Float> {
        from(lms: mix(SIMD3(linear[Int(red)], linear[Int(green)], linear[Int(blue)])), cubeRoot: cbrtf)
    }

    /// An sRGB color with channels in 0...255 as floats (a blend of bytes) in Oklab.
    static func from(srgb color: SIMD3<Float>) -> SIMD3<Float> {
        func decode(_ value: Float) -> Float {
            let c = min(max(value, 0), 255) / 255
            return c <= 0.04045 ? c / 12.92 : powf((c + 0.055) / 1.055, 2.4)
        }
        return from(lms: mix(SIMD3(decode(color.x), decode(color.y), decode(color.z))), cubeRoot: cbrtf)
    }

    /// Through the tables `withTables` lends: within a millionth of `from(red:green:blue:)`, at a
    /// fraction of the cost (`cbrtf` was a fifth of the time cell art took).
    @inline(__always)
    static func from(
        red: UInt8, green: UInt8, blue: UInt8, linear: UnsafeBufferPointer<Float>, cubeRoots: UnsafeBufferPointer<Float>
    ) -> SIMD3<Float> {
        from(
            lms: mix(SIMD3(linear[Int(red)], linear[Int(green)], linear[Int(blue)])),
            cubeRoot: { cubeRoot($0, cubeRoots) })
    }

    /// `from(red:green:blue:linear:cubeRoots:)` for `count` RGBA pixels at once, into three
    /// planes of `count` floats (L, a, b) at `planes`: the same arithmetic lane by lane, four
    /// pixels at a time (only the table reads are scalar).
    static func planes(
        of pixels: UnsafePointer<UInt8>, count: Int, linear: UnsafeBufferPointer<Float>,
        cubeRoots: UnsafeBufferPointer<Float>, into planes: UnsafeMutablePointer<Float>
    ) {
        let (first, second, third) = (planes, planes + count, planes + 2 &* count)
        var index = 0
        while index &+ 4 <= count {
            let pixel = pixels + index &* 4
            @inline(__always) func channel(_ offset: Int) -> SIMD4<Float> {
                SIMD4(
                    linear[Int(pixel[offset])], linear[Int(pixel[offset &+ 4])], linear[Int(pixel[offset &+ 8])],
                    linear[Int(pixel[offset &+ 12])])
            }
            let (red, green, blue) = (channel(0), channel(1), channel(2))
            let l = cubeRoot(0.412_221_47 * red + 0.536_332_54 * green + 0.051_445_99 * blue, cubeRoots)
            let m = cubeRoot(0.211_903_5 * red + 0.680_699_5 * green + 0.107_396_96 * blue, cubeRoots)
            let s = cubeRoot(0.088_302_46 * red + 0.281_718_84 * green + 0.629_978_7 * blue, cubeRoots)
            UnsafeMutableRawPointer(first + index).storeBytes(
                of: 0.210_454_26 * l + 0.793_617_8 * m - 0.004_072_047 * s, as: SIMD4<Float>.self)
            UnsafeMutableRawPointer(second + index).storeBytes(
                of: 1.977_998_5 * l - 2.428_592_2 * m + 0.450_593_7 * s, as: SIMD4<Float>.self)
            UnsafeMutableRawPointer(third + index).storeBytes(
                of: 0.025_904_037 * l + 0.782_771_77 * m - 0.808_675_77 * s, as: SIMD4<Float>.self)
            index &+= 4
        }
        while index < count {
            let pixel = pixels + index &* 4
            let lab = from(red: pixel[0], green: pixel[1], blue: pixel[2], linear: linear, cubeRoots: cubeRoots)
            (first[index], second[index], third[index]) = (lab.x, lab.y, lab.z)
            index &+= 1
        }
    }

    /// `cubeRoot(_:_:)` lane by lane: `max(value, 0)` by clearing what has the sign bit, and the
    /// fraction's `Float` from its bits (exact below 2²³), as SIMD's conversions are slow calls.
    @inline(__always)
    private static func cubeRoot(_ value: SIMD4<Float>, _ cubeRoots: UnsafeBufferPointer<Float>) -> SIMD4<Float> {
        var bits = unsafeBitCast(value, to: SIMD4<Int32>.self)
        bits &= ~(bits &>> 31)
        let index = bits &>> 16
        let (first, second, third, fourth) = (Int(index[0]), Int(index[1]), Int(index[2]), Int(index[3]))
        let below = SIMD4(cubeRoots[first], cubeRoots[second], cubeRoots[third], cubeRoots[fourth])
        let above = SIMD4(
            cubeRoots[first &+ 1], cubeRoots[second &+ 1], cubeRoots[third &+ 1], cubeRoots[fourth &+ 1])
        let fraction = unsafeBitCast((bits & 0xFFFF) | 0x4B00_0000, to: SIMD4<Float>.self) - 8_388_608
        return below + (above - below) * fraction * (1 / 65536)
    }

    /// The table holds the root at every float with its low 16 bits zero; between two neighbors
    /// the root is all but straight.
    @inline(__always)
    private static func cubeRoot(_ value: Float, _ cubeRoots: UnsafeBufferPointer<Float>) -> Float {
        let bits = max(value, 0).bitPattern
        let index = Int(bits >> 16)
        let below = cubeRoots[index]
        return below + (cubeRoots[index + 1] - below) * Float(bits & 0xFFFF) * (1 / 65536)
    }

    static func withTables<Result>(
        _ body: (_ linear: UnsafeBufferPointer<Float>, _ cubeRoots: UnsafeBufferPointer<Float>) throws -> Result
    ) rethrows -> Result {
        try linear.withUnsafeBufferPointer { linear in
            try cubeRoots.withUnsafeBufferPointer { cubeRoots in try body(linear, cubeRoots) }
        }
    }

    /// Linear sRGB to the cone responses Oklab takes the cube roots of.
    @inline(__always)
    private static func mix(_ rgb: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3(
            0.412_221_47 * rgb.x + 0.536_332_54 * rgb.y + 0.051_445_99 * rgb.z,
            0.211_903_5 * rgb.x + 0.680_699_5 * rgb.y + 0.107_396_96 * rgb.z,
            0.088_302_46 * rgb.x + 0.281_718_84 * rgb.y + 0.629_978_7 * rgb.z)
    }

    @inline(__always)
    private static func from(lms: SIMD3<Float>, cubeRoot: (Float) -> Float) -> SIMD3<Float> {
        let (l, m, s) = (cubeRoot(lms.x), cubeRoot(lms.y), cubeRoot(lms.z))
        return SIMD3(
            0.210_454_26 * l + 0.793_617_8 * m - 0.004_072_047 * s,
            1.977_998_5 * l - 2.428_592_2 * m + 0.450_593_7 * s,
            0.025_904_037 * l + 0.782_771_77 * m - 0.808_675_77 * s)
    }
}
