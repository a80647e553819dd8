extension Bitmap {
    /// Draws `text` with its baseline at `y`, starting at `x`, blending over what is there.
    public mutating func draw(_ text: String, x: Int, baseline y: Int, font: BitmapFont, color: RGBA) {
        var penX = x
        for scalar in text.unicodeScalars {
            guard let glyph = font.glyph(scalar) else { continue }
            let originX = penX + glyph.left
            let originY = y - font.ascent + glyph.top
            for row in 0..<glyph.height {
                for column in 0..<glyph.width {
                    let coverage = glyph.alpha[row * glyph.width + column]
                    guard coverage > 0 else { continue }
                    var ink = color
                    ink.alpha = UInt8((Int(color.alpha) * Int(coverage) + 127) / 255)
                    blend(ink, x: originX + column, y: originY + row)
                }
            }
            penX += glyph.advance
        }
    }
}
