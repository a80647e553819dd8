import NIOConcurrencyHelpers

/// A terminal palette and the nearest of its entries to any colour, by CIELAB distance.
///
/// Lookups are remembered, so an image's few hundred distinct colours cost a search each once.
public final class Palette: Sendable {
    /// The xterm palette's cube and grey ramp (16–255), the part every terminal agrees on.
    public static let xterm256 = Palette(entries: (16...255).map { (UInt8($0), xtermColour($0)) })
    /// The 16 ANSI colours, with xterm's default values.
    public static let ansi16 = Palette(entries: (0...15).map { (UInt8($0), xtermColour($0)) })

    private let entries: [(index: UInt8, lab: LabColour)]
    private let remembered = NIOLockedValueBox<[UInt32: UInt8]>([:])

    init(entries: [(UInt8, (UInt8, UInt8, UInt8))]) {
        self.entries = entries.map { ($0.0, LabColour(red: $0.1.0, green: $0.1.1, blue: $0.1.2)) }
    }

    /// The palette index nearest to the colour.
    public func nearest(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        let key = UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
        if let known = remembered.withLockedValue({ $0[key] }) { return known }
        let lab = LabColour(red: red, green: green, blue: blue)
        var best = entries[0]
        var bestDistance = Double.infinity
        for entry in entries {
            let distance = entry.lab.distanceSquared(to: lab)
            if distance < bestDistance {
                best = entry
                bestDistance = distance
            }
        }
        remembered.withLockedValue { $0[key] = best.index }
        return best.index
    }

    /// The RGB value xterm gives palette entry `index`.
    public static func xtermColour(_ index: Int) -> (UInt8, UInt8, UInt8) {
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
            let grey = UInt8(8 + (index - 232) * 10)
            return (grey, grey, grey)
        }
    }
}
