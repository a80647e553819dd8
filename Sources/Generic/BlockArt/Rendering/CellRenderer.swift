import LoupeImaging

/// A bitmap as colored text: each cell the glyph and two colors with the least error in Oklab, as
/// chafa and notcurses fit them, every shape scored exactly from sums at 8x16 (or 8x8) pixels a
/// cell; with a palette the best few are refitted to their snapped colors. Without a known
/// `background`, sub-cells under half alpha are the terminal's (round avatars stay round).
public struct CellRenderer: Sendable {
    public var symbols: SymbolSet
    public var mode: ColorMode
    /// Alpha ignored; `nil`: not known.
    public var background: RGBA?

    /// The pixels a cell is fitted at: a thumbnail this many pixels a column needs no resampling.
    public static let pixelsPerColumn = CellPixels.width

    public init(symbols: SymbolSet = .half, mode: ColorMode, background: RGBA? = nil) {
        self.symbols = symbols
        self.mode = mode
        self.background = background
    }

    /// Lines that keep `image`'s aspect ratio at `columns` wide, on cells twice as tall as wide.
    public static func rows(for image: Bitmap, columns: Int) -> Int {
        max(1, (image.height * columns + image.width) / (2 * image.width))
    }

    /// The image as `rows` lines of `columns` cells, without line breaks.
    public func render(_ image: Bitmap, columns: Int, rows: Int) -> [String] {
        let bytes = drawn(image, columns: columns, rows: rows)
        return bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast().map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// The image as UTF-8 text: `rows` lines of `columns` cells, each ending in a newline,
    /// ready to write out (no `String` to build and validate on the way).
    public func utf8Text(_ image: Bitmap, columns: Int, rows: Int) -> [UInt8] {
        drawn(image, columns: columns, rows: rows)
    }

    /// The lines, each ending in a newline, in one buffer: the resampler hands over a pixel row
    /// at a time, and each finished row of cells is fitted and written at once.
    private func drawn(_ image: Bitmap, columns: Int, rows: Int) -> [UInt8] {
        let cellHeight = symbols.fittedRows
        let pixels = CellPixels(columns: columns, symbols: symbols, background: background)
        // Unknown background: under half alpha is the terminal's; known: all but resampler ringing.
        let threshold: Float = background == nil ? 0.5 : 8 / 255
        var sums = CellSums()
        var fitter = CellFitter(symbols)
        var candidates: [CellFit] = []
        candidates.reserveCapacity(4)
        var writer = EscapeWriter(capacity: rows * (columns * 40 + 8))
        Resampler.resize(image, width: columns * CellPixels.width, height: rows * cellHeight) { y, row in
            pixels.add(row: y % cellHeight, pixels: row)
            guard y % cellHeight == cellHeight - 1 else { return }
            if mode == .none {
                shades(pixels, columns: columns, threshold: threshold, sums: &sums, into: &writer)
            } else {
                for column in 0..<columns {
                    pixels.read(column: column, threshold: threshold, into: &sums)
                    draw(sums, fitter: &fitter, candidates: &candidates, into: &writer)
                }
                writer.endLine()
            }
            writer.append(byte: UInt8(ascii: "\n"))
        }
        return writer.bytes
    }

    private func draw(
        _ sums: borrowing CellSums, fitter: inout CellFitter, candidates: inout [CellFit],
        into writer: inout EscapeWriter
    ) {
        let full = (1 << symbols.subcells) - 1
        if sums.opaque == 0 {
            writer.set(foreground: nil, background: .terminalDefault)
            writer.append(" ")
            return
        }
        if sums.opaque != full {
            // Unknown background: the visible sub-cells in their mean color, the rest left to
            // the terminal (in the nearest shape the set has).
            let mask = drawable(sums.opaque)
            emit(
                .subcells(mask), foreground: ink(mean(sums.srgb(of: .subcells(mask)))), background: .terminalDefault,
                into: &writer)
            return
        }
        fitter.prepare(sums)
        switch mode {
        case .truecolor, .none:
            fitter.best(total: sums.totalLab, keep: 1, into: &candidates)
            let shape = candidates[0].shape
            let inside = sums.srgb(of: shape)
            emit(shape, foreground: ink(mean(inside)), background: ink(mean(sums.totalSrgb - inside)), into: &writer)
        case .palette256, .palette16:
            let palette = mode == .palette256 ? Palette.xterm256 : Palette.ansi16
            fitter.best(total: sums.totalLab, keep: 3, into: &candidates)
            var best: (shape: CellShape, foreground: UInt8, background: UInt8, error: Float)?
            for candidate in candidates {
                let inside = sums.srgb(of: candidate.shape)
                let foreground = nearest(mean(inside), in: palette)
                let background = nearest(mean(sums.totalSrgb - inside) ?? mean(inside), in: palette)
                let fit = fitter.best(
                    total: sums.totalLab, foreground: palette.color(ofIndex: foreground),
                    background: palette.color(ofIndex: background))
                if fit.error < best?.error ?? .infinity {
                    best =
                        fit.swapped
                        ? (fit.shape, background, foreground, fit.error) : (fit.shape, foreground, background, fit.error)
                }
            }
            if let best {
                emit(best.shape, foreground: .indexed(best.foreground), background: .indexed(best.background), into: &writer)
            }
        }
    }

    private func mean(_ sums: SIMD4<Float>) -> SIMD3<Float>? {
        sums.w > 1e-6 ? SIMD3(sums.x, sums.y, sums.z) / sums.w : nil
    }

    /// `mask` itself when the set draws it, else the set's mask that differs in fewest sub-cells.
    private func drawable(_ mask: Int) -> Int {
        guard let masks = symbols.masks else { return mask }
        let full = (1 << symbols.subcells) - 1
        let shapes = [0] + masks + masks.map { full & ~$0 }
        return shapes.min { ($0 ^ mask).nonzeroBitCount < ($1 ^ mask).nonzeroBitCount } ?? mask
    }

    private func emit(_ shape: CellShape, foreground: Ink, background: Ink, into writer: inout EscapeWriter) {
        let full = (1 << symbols.subcells) - 1
        switch shape {
        case _ where foreground == background, .subcells(0):
            writer.set(foreground: nil, background: background)
            writer.append(" ")
        case .subcells(full):
            writer.set(foreground: nil, background: foreground)
            writer.append(" ")
        default:
            writer.set(foreground: foreground, background: background)
            writer.append(scalar: shape.glyph(in: symbols))
        }
    }

    private func ink(_ color: SIMD3<Float>?) -> Ink {
        guard let color else { return .terminalDefault }
        let (red, green, blue) = Self.bytes(color)
        switch mode {
        case .truecolor, .none: return .rgb(red, green, blue)
        case .palette256: return .indexed(Palette.xterm256.nearest(red: red, green: green, blue: blue))
        case .palette16: return .indexed(Palette.ansi16.nearest(red: red, green: green, blue: blue))
        }
    }

    private func nearest(_ color: SIMD3<Float>?, in palette: Palette) -> UInt8 {
        let (red, green, blue) = Self.bytes(color ?? .zero)
        return palette.nearest(red: red, green: green, blue: blue)
    }

    private static func bytes(_ color: SIMD3<Float>) -> (UInt8, UInt8, UInt8) {
        let clamped = color.rounded(.toNearestOrEven).clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 255))
        return (UInt8(clamped.x), UInt8(clamped.y), UInt8(clamped.z))
    }

    private static let ramp = Array(" .:-=+*#%@".utf8)

    private func shades(
        _ pixels: borrowing CellPixels, columns: Int, threshold: Float, sums: inout CellSums, into writer: inout EscapeWriter
    ) {
        for column in 0..<columns {
            pixels.read(column: column, threshold: threshold, into: &sums)
            guard sums.opaque != 0 else {
                writer.append(byte: UInt8(ascii: " "))
                continue
            }
            // Rec. 709 luma over the whole cell; a transparent sub-cell counts as empty, so the
            // circle's edge reads lighter.
            var total: Float = 0
            for index in 0..<symbols.subcells where sums.opaque & (1 << index) != 0 {
                guard let color = mean(sums.subcellSrgbs[index]) else { continue }
                total += 0.2126 * color.x + 0.7152 * color.y + 0.0722 * color.z
            }
            let level = Int(total) / symbols.subcells
            writer.append(byte: Self.ramp[min(Self.ramp.count - 1, 1 + level * (Self.ramp.count - 1) / 256)])
        }
    }
}
