import LoupeImaging

/// Lays out a grid of circular avatars, each with lines of detail under it, under a title.
///
/// Takes plain values (bitmaps and strings), not the API's models, so any caller can use it.
/// Text is drawn with anti-aliased DejaVu Sans, legible at 100 % zoom; long text is cut with "…".
public struct SheetLayout: Sendable {
    public var columns: Int
    public var thumbnailSize: Int
    public var theme: SheetTheme
    public var title: String
    public var subtitle: String

    public init(columns: Int = 10, thumbnailSize: Int = 64, theme: SheetTheme = .light, title: String, subtitle: String = "") {
        self.columns = max(1, columns)
        self.thumbnailSize = max(8, thumbnailSize)
        self.theme = theme
        self.title = title
        self.subtitle = subtitle
    }

    static let padding = 10
    static let headerHeight = 44

    /// Width of one cell: the thumbnail, or enough for about 16 characters of text.
    var cellWidth: Int { max(thumbnailSize, 112) + Self.padding }

    func cellHeight(lines: Int) -> Int {
        thumbnailSize + 6 + (lines + 1) * BitmapFont.regular.lineHeight + Self.padding
    }

    /// The pixel size of the sheet of `count` entries of `lines` lines of detail each, as `render`
    /// draws it: for a caller to check a limit (an encoder's, memory) before any avatar is had.
    public func size(count: Int, lines: Int) -> (width: Int, height: Int) {
        let columnCount = max(1, min(columns, count))
        let rows = max(1, (count + columnCount - 1) / columnCount)
        return (columnCount * cellWidth + Self.padding, Self.headerHeight + rows * cellHeight(lines: lines) + Self.padding)
    }

    /// The sheet as one bitmap.
    public func render(_ entries: [SheetEntry]) -> Bitmap {
        let columnCount = max(1, min(columns, entries.count))
        let lines = entries.map(\.lines.count).max() ?? 0
        let cellHeight = cellHeight(lines: lines)
        let (width, height) = size(count: entries.count, lines: lines)
        var sheet = Bitmap(width: width, height: height, fill: theme.background)
        sheet.draw(
            BitmapFont.title.truncate(title, toWidth: width - 2 * Self.padding), x: Self.padding,
            baseline: Self.padding + BitmapFont.title.ascent, font: .title, color: theme.text)
        if !subtitle.isEmpty {
            let titleWidth = BitmapFont.title.width(of: title) + 12
            sheet.draw(
                BitmapFont.regular.truncate(subtitle, toWidth: max(0, width - titleWidth - 2 * Self.padding)),
                x: Self.padding + titleWidth, baseline: Self.padding + BitmapFont.title.ascent, font: .regular,
                color: theme.secondaryText)
        }
        for (index, entry) in entries.enumerated() {
            let x = Self.padding + (index % columnCount) * cellWidth
            let y = Self.headerHeight + (index / columnCount) * cellHeight
            draw(entry, into: &sheet, x: x, y: y)
        }
        return sheet
    }

    private func draw(_ entry: SheetEntry, into sheet: inout Bitmap, x: Int, y: Int) {
        let inner = cellWidth - Self.padding
        if let thumbnail = entry.thumbnail {
            sheet.draw(thumbnail, x: x + (inner - thumbnail.width) / 2, y: y)
        } else {
            sheet.draw(placeholder(), x: x + (inner - thumbnailSize) / 2, y: y)
        }
        var baseline = y + thumbnailSize + 6 + BitmapFont.bold.ascent
        let name = BitmapFont.bold.truncate(entry.title, toWidth: inner)
        sheet.draw(
            name, x: x + (inner - BitmapFont.bold.width(of: name)) / 2, baseline: baseline, font: .bold, color: theme.text)
        for (number, line) in entry.lines.enumerated() {
            baseline += BitmapFont.regular.lineHeight
            let dot = number == 0 ? entry.dot : nil
            let dotWidth = dot == nil ? 0 : BitmapFont.regular.width(of: "● ")
            let text = BitmapFont.regular.truncate(line, toWidth: inner - dotWidth)
            var penX = x + (inner - BitmapFont.regular.width(of: text) - dotWidth) / 2
            if let dot { sheet.draw("●", x: penX, baseline: baseline, font: .regular, color: dot) }
            penX += dotWidth
            sheet.draw(text, x: penX, baseline: baseline, font: .regular, color: theme.secondaryText)
        }
    }

    /// A plain disc where an avatar could not be had.
    private func placeholder() -> Bitmap {
        ImageProcessors.CircleThumbnail(size: thumbnailSize).process(Bitmap(width: 4, height: 4, fill: theme.placeholder))
    }
}

/// One cell of a contact sheet: an avatar, a name and lines of detail.
public struct SheetEntry: Sendable {
    /// The circular avatar, or `nil` for a placeholder disc.
    public var thumbnail: Bitmap?
    /// The first line, in bold (the character's name).
    public var title: String
    /// Lines under the title; the first gets a dot in `dot`'s color before it (the status).
    public var lines: [String]
    public var dot: RGBA?

    public init(thumbnail: Bitmap?, title: String, lines: [String], dot: RGBA? = nil) {
        self.thumbnail = thumbnail
        self.title = title
        self.lines = lines
        self.dot = dot
    }
}

/// The sheet's colors.
public enum SheetTheme: String, Sendable, CaseIterable {
    case light
    case dark

    var background: RGBA { self == .light ? RGBA(250, 250, 247) : RGBA(28, 30, 34) }
    var text: RGBA { self == .light ? RGBA(28, 28, 30) : RGBA(236, 236, 232) }
    var secondaryText: RGBA { self == .light ? RGBA(96, 98, 104) : RGBA(170, 174, 180) }
    var placeholder: RGBA { self == .light ? RGBA(210, 210, 206) : RGBA(70, 72, 78) }
}
