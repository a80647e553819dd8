import LoupeToolbox

/// A terminal palette and the nearest of its entries to any color, by Oklab distance. Lookups are
/// remembered per thread (`PerThread`), so threads rendering at once share no lock.
public final class Palette: Sendable {
    /// The xterm palette's cube and gray ramp (16–255), the part every terminal agrees on.
    public static let xterm256 = Palette(entries: (16...255).map { (UInt8($0), xtermColor($0)) })
    /// The 16 ANSI colors, with xterm's default values.
    public static let ansi16 = Palette(entries: (0...15).map { (UInt8($0), xtermColor($0)) })

    private let indices: [UInt8]
    /// Each entry in Oklab, in the order of `indices`.
    let colors: [SIMD3<Float>]
    /// `colors` in lanes, four entries a group: the search measures four distances a step.
    ///
    /// Each group is its entries' L, a and b; the last is padded with entries at infinity.
    private let lanes: [SIMD4<Float>]
    /// Per thread, a direct-mapped table of recent answers: `(key + 1) << 8 | index`, 0 empty.
    private let remembered = PerThread<[UInt64]> { [UInt64](repeating: 0, count: 1 << Palette.rememberedBits) }
    private static let rememberedBits = 12

    init(entries: [(UInt8, (UInt8, UInt8, UInt8))]) {
        indices = entries.map(\.0)
        colors = entries.map { OKLab.from(red: $0.1.0, green: $0.1.1, blue: $0.1.2) }
        let padded = colors + Array(repeating: SIMD3(repeating: .infinity), count: (4 - colors.count % 4) % 4)
        lanes = stride(from: 0, to: padded.count, by: 4).flatMap { first in
            let four = padded[first..<first + 4]
            return [SIMD4(four.map(\.x)), SIMD4(four.map(\.y)), SIMD4(four.map(\.z))]
        }
    }

    public func nearest(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        let key = UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
        let slot = Int((key &* 0x9E37_79B1) >> (32 - Self.rememberedBits))
        return remembered.withValue { remembered in
            let entry = remembered[slot]
            if entry >> 8 == UInt64(key) + 1 { return UInt8(truncatingIfNeeded: entry) }
            let index = indices[position(nearestTo: OKLab.from(red: red, green: green, blue: blue))]
            remembered[slot] = (UInt64(key) + 1) << 8 | UInt64(index)
            return index
        }
    }

    /// The position in `colors` (not the terminal index) of the entry nearest to `lab`: the
    /// first of the nearest, as a loop over `colors` would find it, four distances at a time.
    func position(nearestTo lab: SIMD3<Float>) -> Int {
        lanes.withUnsafeBufferPointer { lanes in
            var best = SIMD4<Float>(repeating: .infinity)
            var bestGroup = SIMD4<Int32>(repeating: 0)
            for group in 0..<lanes.count / 3 {
                let (l, a, b) = (lanes[3 &* group] - lab.x, lanes[3 &* group &+ 1] - lab.y, lanes[3 &* group &+ 2] - lab.z)
                let distance = SIMD4<Float>.zero + l * l + a * a + b * b
                let closer = distance .< best
                best.replace(with: distance, where: closer)
                bestGroup.replace(with: SIMD4(repeating: Int32(group)), where: closer)
            }
            // Each lane holds its first nearest; of the lanes, the nearest, then the first.
            var position = 0
            var distance = Float.infinity
            for lane in 0..<4 {
                let candidate = Int(bestGroup[lane]) &* 4 &+ lane
                if best[lane] < distance || (best[lane] == distance && candidate < position) {
                    (position, distance) = (candidate, best[lane])
                }
            }
            return position
        }
    }

    /// Entry `index` (a terminal index this palette holds) in Oklab.
    func color(ofIndex index: UInt8) -> SIMD3<Float> { colors[Int(index) - Int(indices[0])] }

    public static func xtermColor(_ index: Int) -> (UInt8, UInt8, UInt8) {
        switch index {
        case 0..<16:
            let base: [(UInt8, UInt8, UInt8)] = [
                (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
                (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
                (255, 0, 255), (0, 255, 255), (255, 255, 255),
            ]
            return base[index]
        case 16..<232:
            let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
            let cube = index - 16
            return (levels[cube / 36], levels[(cube / 6) % 6], levels[cube % 6])
        default:
            let gray = UInt8(8 + (index - 232) * 10)
            return (gray, gray, gray)
        }
    }
}
