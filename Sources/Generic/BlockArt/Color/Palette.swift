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
    private let remembered = PerThread<[UInt32: UInt8]> { [:] }

    init(entries: [(UInt8, (UInt8, UInt8, UInt8))]) {
        indices = entries.map(\.0)
        colors = entries.map { OKLab.from(red: $0.1.0, green: $0.1.1, blue: $0.1.2) }
    }

    public func nearest(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        let key = UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
        return remembered.withValue { remembered in
            if let known = remembered[key] { return known }
            let index = indices[position(nearestTo: OKLab.from(red: red, green: green, blue: blue))]
            // A bound on what a long-lived thread keeps: a photo's worth of colors.
            if remembered.count >= 1 << 16 { remembered.removeAll(keepingCapacity: true) }
            remembered[key] = index
            return index
        }
    }

    /// The position in `colors` (not the terminal index) of the entry nearest to `lab`.
    func position(nearestTo lab: SIMD3<Float>) -> Int {
        var best = 0
        var bestDistance = Float.infinity
        for (position, color) in colors.enumerated() {
            let difference = color - lab
            let distance = (difference * difference).sum()
            if distance < bestDistance {
                best = position
                bestDistance = distance
            }
        }
        return best
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
