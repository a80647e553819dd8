import Imaging

/// Renders a bitmap as text, two pixel rows per line: `▀` takes the upper pixel as its
/// foreground and the lower as its background, which makes the pixels square.
///
/// Transparent pixels (alpha under half) are left to the terminal's default background, so a
/// circular avatar is round on dark and light themes alike. A colour code is sent only when a
/// colour changes, and every line ends with a reset. With `.none`, no escapes at all: each cell
/// is an ASCII shade of its brightness.
public struct HalfBlockRenderer: Sendable {
    public var mode: ColorMode

    public init(mode: ColorMode) {
        self.mode = mode
    }

    /// One line per two rows of `image` (an odd last row is paired with transparency), each
    /// `image.width` columns wide.
    public func render(_ image: Bitmap) -> [String] {
        stride(from: 0, to: image.height, by: 2).map { top in
            String(decoding: line(image, top: top), as: UTF8.self)
        }
    }

    private func line(_ image: Bitmap, top: Int) -> [UInt8] {
        if mode == .none { return shades(image, top: top) }
        var writer = EscapeWriter(capacity: image.width * 24)
        for x in 0..<image.width {
            let upper = ink(image, x: x, y: top)
            let lower = top + 1 < image.height ? ink(image, x: x, y: top + 1) : nil
            switch (upper, lower) {
            case (nil, nil):
                writer.set(foreground: nil, background: .terminalDefault)
                writer.append(" ")
            case (let upper?, nil):
                writer.set(foreground: upper, background: .terminalDefault)
                writer.append("▀")
            case (nil, let lower?):
                writer.set(foreground: lower, background: .terminalDefault)
                writer.append("▄")
            case (let upper?, let lower?):
                writer.set(foreground: upper, background: lower)
                writer.append("▀")
            }
        }
        writer.endLine()
        return writer.bytes
    }

    /// The colour of a pixel in this mode, or `nil` when it is transparent.
    private func ink(_ image: Bitmap, x: Int, y: Int) -> Ink? {
        let offset = y * image.bytesPerRow + x * 4
        guard image.pixels[offset + 3] >= 128 else { return nil }
        let (red, green, blue) = (image.pixels[offset], image.pixels[offset + 1], image.pixels[offset + 2])
        switch mode {
        case .truecolor: return .rgb(red, green, blue)
        case .palette256: return .indexed(Palette.xterm256.nearest(red: red, green: green, blue: blue))
        case .palette16: return .indexed(Palette.ansi16.nearest(red: red, green: green, blue: blue))
        case .none: return nil
        }
    }

    /// Brightness ramp from empty to full, for terminals without colour.
    private static let ramp = Array(" .:-=+*#%@".utf8)

    private func shades(_ image: Bitmap, top: Int) -> [UInt8] {
        (0..<image.width).map { x in
            var total = 0
            var count = 0
            for y in top..<min(top + 2, image.height) {
                let offset = y * image.bytesPerRow + x * 4
                guard image.pixels[offset + 3] >= 128 else { continue }
                // Rec. 709 luma, in 0...255.
                total +=
                    (Int(image.pixels[offset]) * 2126 + Int(image.pixels[offset + 1]) * 7152
                        + Int(image.pixels[offset + 2]) * 722) / 10000
                count += 1
            }
            guard count > 0 else { return UInt8(ascii: " ") }
            // A transparent half counts as empty, so the circle's edge reads lighter.
            let level = total / 2
            return Self.ramp[min(Self.ramp.count - 1, 1 + level * (Self.ramp.count - 1) / 256)]
        }
    }
}
