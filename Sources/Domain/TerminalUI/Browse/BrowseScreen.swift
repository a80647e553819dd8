import BlockArt
import TerminalKit

/// What browse shows: each state drawn as the difference from the last frame (`ScreenPainter`),
/// and on kitty the avatars as real pixels: placed by id over blank cells, or, inside tmux, as
/// Unicode placeholder cells in the lines. Inline (`--height`), avatars are always cells.
struct BrowseScreen {
    let style: Style
    let art: AvatarArt
    let pixels: Bool
    /// The detail's avatar in sixel, drawn again whenever a line under it is repainted.
    let sixel: GraphicsPlacement?
    private var painter = ScreenPainter()
    private var images: KittyImages
    private var sixelShown: [Int]?

    let area: InlineArea?

    init(capabilities: TerminalCapabilities, art: AvatarArt, area: InlineArea? = nil) {
        style = Style(enabled: capabilities.colorMode != .none)
        self.art = art
        self.area = area
        // Inline, pixels have no rows of their own to be placed at: the avatars are cells.
        pixels = area == nil && capabilities.graphics == .kitty
        images = KittyImages(GraphicsPlacement(capabilities))
        sixel = area == nil && capabilities.graphics == .sixel ? GraphicsPlacement(capabilities) : nil
        painter.inline = area != nil
    }

    /// The view at the terminal's size now (inline: at most the area's lines).
    func view() -> BrowseView {
        let size = TerminalCapabilities.currentSize() ?? (80, 24)
        let height = area.map { min($0.lines, size.rows) } ?? size.rows
        var view = BrowseView(width: size.columns, height: height, style: style, renderer: art.renderer)
        view.pixels = pixels
        view.detailPixels = sixel != nil
        return view
    }

    mutating func draw(_ state: BrowseState, on view: BrowseView) -> String {
        var lines = view.render(state)
        if let sixel { return drawSixel(lines, placements: view.placements(state), state: state, with: sixel) }
        guard pixels else { return painter.frame(lines) }
        let placements = view.placements(state)
        guard images.usesPlaceholders else {
            var output = painter.frame(lines)
            if let placed = try? images.update(placements) { output += placed }
            return output
        }
        // The images go first, so their cells show them as soon as they are written.
        let sent = (try? images.update(placements)) ?? ""
        for wanted in placements {
            guard let placeholder = images.placeholder(for: wanted) else { continue }
            for (offset, cells) in placeholder.lines.enumerated() where lines.indices.contains(wanted.row + offset) {
                lines[wanted.row + offset] = Self.overlay(
                    cells, columns: wanted.columns, on: lines[wanted.row + offset], at: wanted.column)
            }
        }
        return sent + painter.frame(lines)
    }

    /// The frame, then the detail's avatar in sixel when it is new or a line under it was written.
    private mutating func drawSixel(
        _ lines: [String], placements: [KittyImages.Placement], state: BrowseState, with sixel: GraphicsPlacement
    ) -> String {
        var output = painter.frame(lines)
        guard case .detail = state.screen, !state.help, let wanted = placements.first else {
            sixelShown = nil
            return output
        }
        let key = [wanted.id, wanted.row, wanted.column, wanted.columns, wanted.rows]
        let rows = Set(wanted.row..<(wanted.row + wanted.rows))
        guard key != sixelShown || !painter.repainted.isDisjoint(with: rows),
            let placed = try? sixel.place(wanted.image, columns: wanted.columns, rows: wanted.rows)
        else { return output }
        output += "\u{1B}[\(wanted.row + 1);\(wanted.column + 1)H" + placed
        sixelShown = key
        return output
    }

    /// `cells` (`columns` wide) in place of the blank columns of `line` from `column` on, its own
    /// color codes kept.
    static func overlay(_ cells: String, columns: Int, on line: String, at column: Int) -> String {
        var before = String.UnicodeScalarView()
        var after = String.UnicodeScalarView()
        var used = 0
        var inEscape = false
        for scalar in line.unicodeScalars {
            if inEscape || scalar == "\u{1B}" {
                // Color codes before the cells stay before them; the rest follow them.
                inEscape = scalar != "m"
                if used < column { before.append(scalar) } else { after.append(scalar) }
                continue
            }
            if used < column {
                before.append(scalar)
            } else if used >= column + columns {
                after.append(scalar)
            }
            used += TerminalText.width(String(scalar))
        }
        let padding = String(repeating: " ", count: max(0, column - used))
        return String(before) + padding + cells + String(after)
    }

    /// After a resize the terminal may have cleared or reflowed: the next frame draws everything.
    mutating func invalidate() {
        painter.invalidate()
        sixelShown = nil
        images.screenCleared()
    }

    mutating func leave() -> String {
        pixels ? images.clear() : ""
    }
}

/// Redraws only the lines that changed since the last frame.
struct ScreenPainter {
    private var previous: [String] = []
    private(set) var repainted: Set<Int> = []
    /// Rows count from an `InlineArea`'s first line, not the screen's.
    var inline = false

    mutating func invalidate() {
        previous = []
    }

    /// The bytes that turn the last frame into `lines`.
    mutating func frame(_ lines: [String]) -> String {
        var output = previous.isEmpty ? (inline ? InlineArea.moveTo(row: 0) + "\u{1B}[J" : "\u{1B}[2J") : ""
        repainted = []
        for (row, line) in lines.enumerated() where row >= previous.count || previous[row] != line {
            output += (inline ? InlineArea.moveTo(row: row) : "\u{1B}[\(row + 1);1H") + line + "\u{1B}[0m\u{1B}[K"
            repainted.insert(row)
        }
        previous = lines
        return output
    }
}
