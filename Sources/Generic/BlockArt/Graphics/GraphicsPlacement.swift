import LoupeImaging

/// Real pixels in the flow of text: an image in a box of whole cells with text beside it, or a row
/// of images, the cursor left where text follows.
public struct GraphicsPlacement: Sendable {
    public var graphics: GraphicsProtocol
    public var passthrough: Bool
    /// kitty images drawn as Unicode placeholders, their ids 24-bit colors when `truecolor`.
    public var placeholders: Bool
    public var truecolor: Bool
    public var cellSize: CellSize
    /// The color a sixel is laid on where it cannot be transparent: tmux redraws a sixel's
    /// unpainted pixels in a palette color, stretched to whole cells.
    public var opaqueOn: RGBA?

    public init(
        graphics: GraphicsProtocol, passthrough: Bool = false, placeholders: Bool = false, truecolor: Bool = true,
        cellSize: CellSize, opaqueOn: RGBA? = nil
    ) {
        self.graphics = graphics
        self.passthrough = passthrough
        self.placeholders = placeholders
        self.truecolor = truecolor
        self.cellSize = cellSize
        self.opaqueOn = opaqueOn
    }

    /// `text` beside the image, `gap` columns to its right; ends on the line below both.
    public func beside(_ image: Bitmap?, columns: Int, rows: Int, text: [String], gap: Int = 2) throws -> String {
        var output = reserve(rows) + "\r"
        if let image { output += try place(image, columns: columns, rows: rows) }
        let indent = "\u{1B}[\(columns + gap)C"
        for index in 0..<max(rows, text.count) {
            output += (index < text.count && !text[index].isEmpty ? indent + text[index] : "") + "\r\n"
        }
        return output
    }

    /// Images side by side, each at its `offset` from the left edge; ends on the line below them.
    public func row(_ images: [(image: Bitmap?, offset: Int)], columns: Int, rows: Int) throws -> String {
        var output = reserve(rows)
        for (image, offset) in images {
            guard let image else { continue }
            output += "\r" + (offset > 0 ? "\u{1B}[\(offset)C" : "") + (try place(image, columns: columns, rows: rows))
        }
        return output + "\u{1B}[\(rows)B\r"
    }

    /// One image at the cursor, left where it was, at its own aspect ratio (kitty, which stretches
    /// an image to its cells, gets it padded to the box's shape).
    public func place(_ image: Bitmap, columns: Int, rows: Int) throws -> String {
        if graphics == .kitty, placeholders { return try placeholder(image, columns: columns, rows: rows) }
        let fitted: Bitmap
        switch graphics {
        // tmux stretches a sixel to whole cells: it gets the image boxed, on its background.
        case .sixel: fitted = opaque(fit(image, columns: columns, rows: rows))
        case .kitty: fitted = boxed(image, columns: columns, rows: rows)
        default: fitted = image
        }
        return try GraphicsEncoder.encode(
            fitted, as: graphics, columns: columns, rows: rows, passthrough: passthrough, keepCursor: true) ?? ""
    }

    /// In the flow of output: the cursor ends on the line below it.
    public func flowing(_ image: Bitmap, columns: Int, rows: Int) throws -> String {
        guard graphics == .kitty, placeholders else {
            let drawn = graphics == .sixel ? opaque(image) : image
            return (try GraphicsEncoder.encode(drawn, as: graphics, columns: columns, rows: rows, passthrough: passthrough) ?? "")
                + "\n"
        }
        let (placeholder, sent) = try sendPlaceholder(image, columns: columns, rows: rows)
        return sent + placeholder.lines.map { $0 + "\n" }.joined()
    }

    func placeholder(_ image: Bitmap, columns: Int, rows: Int) throws -> String {
        let (placeholder, sent) = try sendPlaceholder(image, columns: columns, rows: rows)
        let next = "\u{1B}[\(columns)D\u{1B}[1B"
        return sent + "\u{1B}7" + placeholder.lines.joined(separator: next) + "\u{1B}8"
    }

    func sendPlaceholder(_ image: Bitmap, columns: Int, rows: Int) throws -> (KittyPlaceholder, String) {
        let placeholder = KittyPlaceholder.next(columns: columns, rows: rows, truecolor: truecolor)
        let png = try PNGEncoder.fastest.encode(boxed(image, columns: columns, rows: rows))
        return (placeholder, wrap(placeholder.transmission(png: png)))
    }

    func wrap(_ text: String) -> String {
        passthrough ? GraphicsEncoder.tmuxPassthrough(text) : text
    }

    func opaque(_ image: Bitmap) -> Bitmap {
        guard let color = opaqueOn else { return image }
        var canvas = Bitmap(width: image.width, height: image.height, fill: color)
        canvas.draw(image, x: 0, y: 0)
        return canvas
    }

    /// At its aspect ratio, never spilling a row.
    func fit(_ image: Bitmap, columns: Int, rows: Int) -> Bitmap {
        let boxWidth = columns * cellSize.width
        let boxHeight = rows * cellSize.height
        let scale = min(Double(boxWidth) / Double(image.width), Double(boxHeight) / Double(image.height))
        let width = max(1, min(boxWidth, Int((Double(image.width) * scale).rounded())))
        let height = max(1, min(boxHeight, Int((Double(image.height) * scale).rounded())))
        return Resampler.resize(image, width: width, height: height)
    }

    /// Fitted and padded to fill the cells exactly (for kitty).
    public func boxed(_ image: Bitmap, columns: Int, rows: Int) -> Bitmap {
        padded(fit(image, columns: columns, rows: rows), columns: columns, rows: rows)
    }

    func padded(_ image: Bitmap, columns: Int, rows: Int) -> Bitmap {
        let (width, height) = (columns * cellSize.width, rows * cellSize.height)
        guard image.width != width || image.height != height else { return image }
        var canvas = Bitmap(width: width, height: height)
        canvas.draw(image, x: 0, y: 0)
        return canvas
    }

    /// Newlines, then the cursor back up: at the screen's bottom the text scrolls, not the image.
    private func reserve(_ rows: Int) -> String {
        String(repeating: "\n", count: rows) + "\u{1B}[\(rows)A"
    }
}
