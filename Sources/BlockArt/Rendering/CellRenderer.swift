import Imaging

/// Renders a bitmap as coloured text in a symbol set: each cell is the glyph and the two colours
/// that draw its sub-cells with the least error in Oklab, as chafa and notcurses fit them.
///
/// Every sub-cell is the area mean of the pixels it covers (from a copy resampled to a few
/// pixels a sub-cell), so a least-squares fit on those means is the least-squares fit on the
/// pixels. In the 256- and 16-colour modes the best few masks are tried
/// with their colours snapped to the palette, and the mask is refitted to the snapped pair.
///
/// Transparency: with the terminal's `background` known, pixels are blended against it and only
/// wholly transparent cells are left to the terminal; without it, sub-cells under half alpha are
/// left to the terminal's default background (round avatars stay round on any theme). A colour
/// code is sent only when a colour changes, and every line ends with a reset. With `.none`, no
/// escapes at all: each cell is an ASCII shade of its brightness.
public struct CellRenderer: Sendable {
    public var symbols: SymbolSet
    public var mode: ColorMode
    /// The terminal's background colour (alpha ignored), or `nil` when it is not known.
    public var background: RGBA?

    public init(symbols: SymbolSet = .half, mode: ColorMode, background: RGBA? = nil) {
        self.symbols = symbols
        self.mode = mode
        self.background = background
    }

    /// Lines that keep `image`'s aspect ratio at `columns` wide, on cells twice as tall as wide.
    public static func rows(for image: Bitmap, columns: Int) -> Int {
        max(1, (image.height * columns + image.width) / (2 * image.width))
    }

    /// `image` in `columns` x `rows` cells: `rows` lines, each `columns` wide on screen.
    public func render(_ image: Bitmap, columns: Int, rows: Int) -> [String] {
        // Each sub-cell is the area mean of a detailed copy (up to 4x4 pixels a sub-cell): a
        // filter at the grid's own scale would blur every sub-cell into its neighbours.
        let (across, down) = (columns * symbols.columnsPerCell, rows * symbols.rowsPerCell)
        let detail = max(1, min(4, image.width / across, image.height / down))
        let detailed = Resampler.resize(image, width: across * detail, height: down * detail)
        let samples = SubcellSamples(detailed, block: detail, background: background)
        if mode == .none { return (0..<rows).map { shades(samples, row: $0, columns: columns) } }
        var scratch = [SIMD3<Float>](repeating: .zero, count: 1 << symbols.subcells)
        var candidates: [CellFit] = []
        candidates.reserveCapacity(4)
        var cell = SubcellSamples.Cell(subcells: symbols.subcells)
        let splits = symbols.splits
        return (0..<rows).map { row in
            var writer = EscapeWriter(capacity: columns * 40)
            scratch.withUnsafeMutableBufferPointer { scratch in
                for column in 0..<columns {
                    samples.read(column: column, row: row, in: symbols, into: &cell)
                    draw(cell, splits: splits, scratch: scratch, candidates: &candidates, into: &writer)
                }
            }
            writer.endLine()
            return String(decoding: writer.bytes, as: UTF8.self)
        }
    }

    private func draw(
        _ cell: SubcellSamples.Cell, splits: [Int], scratch: UnsafeMutableBufferPointer<SIMD3<Float>>,
        candidates: inout [CellFit],
        into writer: inout EscapeWriter
    ) {
        let full = (1 << symbols.subcells) - 1
        if cell.opaque == 0 {
            writer.set(foreground: nil, background: .terminalDefault)
            writer.append(" ")
            return
        }
        if cell.opaque != full {
            // Unknown background: the visible sub-cells in their mean colour, the rest left to
            // the terminal (in the nearest shape the set has).
            let mask = drawable(cell.opaque)
            emit(mask: mask, foreground: ink(cell.mean(of: mask)), background: .terminalDefault, into: &writer)
            return
        }
        cell.labs.withUnsafeBufferPointer { samples in
            switch mode {
            case .truecolor, .none:
                CellFit.best(samples, scratch: scratch, masks: splits, keep: 1, into: &candidates)
                let mask = candidates[0].mask
                emit(
                    mask: mask, foreground: ink(cell.mean(of: mask)), background: ink(cell.mean(of: full & ~mask)), into: &writer)
            case .palette256, .palette16:
                let palette = mode == .palette256 ? Palette.xterm256 : Palette.ansi16
                CellFit.best(samples, scratch: scratch, masks: splits, keep: 3, into: &candidates)
                var best: (fit: CellFit, foreground: UInt8, background: UInt8)?
                for candidate in candidates {
                    let foreground = nearest(cell.mean(of: candidate.mask), in: palette)
                    let background = nearest(cell.mean(of: full & ~candidate.mask) ?? cell.mean(of: candidate.mask), in: palette)
                    let fit = CellFit.assign(
                        samples, foreground: palette.colour(ofIndex: foreground), background: palette.colour(ofIndex: background),
                        masks: symbols.masks)
                    if fit.error < best?.fit.error ?? .infinity { best = (fit, foreground, background) }
                }
                if let best {
                    emit(
                        mask: best.fit.mask, foreground: .indexed(best.foreground), background: .indexed(best.background),
                        into: &writer)
                }
            }
        }
    }

    /// `mask` itself when the set draws it, else the set's mask that differs in fewest sub-cells.
    private func drawable(_ mask: Int) -> Int {
        guard let masks = symbols.masks else { return mask }
        let full = (1 << symbols.subcells) - 1
        let shapes = [0] + masks + masks.map { full & ~$0 }
        return shapes.min { ($0 ^ mask).nonzeroBitCount < ($1 ^ mask).nonzeroBitCount } ?? mask
    }

    /// Writes one cell: a space in the background for an empty or full mask, else the glyph.
    private func emit(mask: Int, foreground: Ink, background: Ink, into writer: inout EscapeWriter) {
        let full = (1 << symbols.subcells) - 1
        switch mask {
        case 0:
            writer.set(foreground: nil, background: background)
            writer.append(" ")
        case full:
            writer.set(foreground: nil, background: foreground)
            writer.append(" ")
        default:
            writer.set(foreground: foreground, background: background)
            writer.append(scalar: symbols.glyph(mask))
        }
    }

    private func ink(_ colour: SIMD3<Float>?) -> Ink {
        guard let colour else { return .terminalDefault }
        let (red, green, blue) = Self.bytes(colour)
        switch mode {
        case .truecolor, .none: return .rgb(red, green, blue)
        case .palette256: return .indexed(Palette.xterm256.nearest(red: red, green: green, blue: blue))
        case .palette16: return .indexed(Palette.ansi16.nearest(red: red, green: green, blue: blue))
        }
    }

    private func nearest(_ colour: SIMD3<Float>?, in palette: Palette) -> UInt8 {
        let (red, green, blue) = Self.bytes(colour ?? .zero)
        return palette.nearest(red: red, green: green, blue: blue)
    }

    private static func bytes(_ colour: SIMD3<Float>) -> (UInt8, UInt8, UInt8) {
        let clamped = colour.rounded(.toNearestOrEven).clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 255))
        return (UInt8(clamped.x), UInt8(clamped.y), UInt8(clamped.z))
    }

    /// Brightness ramp from empty to full, for terminals without colour.
    private static let ramp = Array(" .:-=+*#%@".utf8)

    private func shades(_ samples: SubcellSamples, row: Int, columns: Int) -> String {
        var cell = SubcellSamples.Cell(subcells: symbols.subcells)
        let bytes = (0..<columns).map { column -> UInt8 in
            samples.read(column: column, row: row, in: symbols, into: &cell)
            guard cell.opaque != 0 else { return UInt8(ascii: " ") }
            // Rec. 709 luma over the whole cell; a transparent sub-cell counts as empty, so the
            // circle's edge reads lighter.
            var total: Float = 0
            for index in 0..<symbols.subcells where cell.opaque & (1 << index) != 0 {
                let colour = cell.srgb[index]
                total += 0.2126 * colour.x + 0.7152 * colour.y + 0.0722 * colour.z
            }
            let level = Int(total) / symbols.subcells
            return Self.ramp[min(Self.ramp.count - 1, 1 + level * (Self.ramp.count - 1) / 256)]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
