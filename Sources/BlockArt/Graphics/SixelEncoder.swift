import Imaging

/// DEC sixel: six pixel rows a band, one pass per colour, colours from the xterm 256 palette's
/// cube and greys (chosen by CIELAB distance). Transparent pixels are left unpainted.
enum SixelEncoder {
    static func encode(_ image: Bitmap) -> String {
        var indices = [Int](repeating: -1, count: image.width * image.height)
        var used = Set<Int>()
        for y in 0..<image.height {
            for x in 0..<image.width {
                let offset = y * image.bytesPerRow + x * 4
                guard image.pixels[offset + 3] >= 128 else { continue }
                let index = Int(
                    Palette.xterm256.nearest(
                        red: image.pixels[offset], green: image.pixels[offset + 1], blue: image.pixels[offset + 2]))
                indices[y * image.width + x] = index
                used.insert(index)
            }
        }
        // P2 = 1: pixels left at 0 keep the background.
        var text = "\u{1B}P0;1;0q\"1;1;\(image.width);\(image.height)"
        for index in used.sorted() {
            let (red, green, blue) = Palette.xtermColour(index)
            text += "#\(index);2;\(Int(red) * 100 / 255);\(Int(green) * 100 / 255);\(Int(blue) * 100 / 255)"
        }
        for bandTop in stride(from: 0, to: image.height, by: 6) {
            let colours = used.sorted().filter { colour in
                (bandTop..<min(bandTop + 6, image.height)).contains { y in
                    (0..<image.width).contains { indices[y * image.width + $0] == colour }
                }
            }
            for (position, colour) in colours.enumerated() {
                text += "#\(colour)"
                var run: (character: Character, count: Int)?
                for x in 0..<image.width {
                    var bits = 0
                    for bit in 0..<6 where bandTop + bit < image.height && indices[(bandTop + bit) * image.width + x] == colour {
                        bits |= 1 << bit
                    }
                    let character = Character(Unicode.Scalar(UInt8(63 + bits)))
                    if let current = run, current.character == character {
                        run?.count += 1
                    } else {
                        if let current = run { text += sixels(current) }
                        run = (character, 1)
                    }
                }
                if let current = run { text += sixels(current) }
                if position < colours.count - 1 { text += "$" }
            }
            text += "-"
        }
        return text + "\u{1B}\\"
    }

    /// A run of one sixel: `!N?` when repeating pays.
    private static func sixels(_ run: (character: Character, count: Int)) -> String {
        run.count > 3 ? "!\(run.count)\(run.character)" : String(repeating: run.character, count: run.count)
    }
}
