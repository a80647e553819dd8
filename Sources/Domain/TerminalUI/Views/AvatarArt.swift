import BlockArt
import LoupePipeline
import LoupeImaging
import RickAndMortyAPI
import TerminalKit
import UseCases

/// Avatars as terminal text: cells in the terminal's symbol set and color mode, fitted to its
/// background, or a blank of the same size.
package struct AvatarArt: Sendable {
    package let capabilities: TerminalCapabilities

    package init(capabilities: TerminalCapabilities) { self.capabilities = capabilities }

    /// Thumbnail pixels a column: the terminal's cell width for real pixels, or cell art's.
    package var pixelsPerColumn: Int {
        capabilities.graphics == .blocks ? CellRenderer.pixelsPerColumn : capabilities.cellPixels.width
    }

    package func request(_ variant: AvatarVariant, for character: RMCharacter) -> ImageRequest {
        variant.request(character.image, status: character.status, pixelsPerColumn: pixelsPerColumn)
    }

    package var renderer: CellRenderer {
        CellRenderer(symbols: capabilities.symbols, mode: capabilities.colorMode, background: capabilities.background)
    }

    /// The `columns / 2` lines of `thumbnail`, `columns` wide; blanks when `nil`.
    package func lines(_ thumbnail: Bitmap?, columns: Int) -> [String] {
        guard let thumbnail else { return Array(repeating: String(repeating: " ", count: columns), count: columns / 2) }
        return renderer.render(thumbnail, columns: columns, rows: columns / 2)
    }

    /// The fewest columns text is given beside an avatar; with fewer it goes below.
    package static let fewestColumnsBeside = 30

    /// The avatar `columns` wide and `text` beside it, as real pixels or cells (when graphics
    /// fail), ending in a newline. Lines too long are broken at spaces, lined up under their value
    /// (`label  value`); below `fewestColumnsBeside` the text goes under the avatar.
    package func beside(_ thumbnail: Bitmap?, columns: Int, text: [String], gap: Int = 2) -> String {
        let room = capabilities.columns - columns - gap
        var text = text
        if !text.allSatisfy({ TerminalText.styledWidth($0) <= room }) {
            guard room >= Self.fewestColumnsBeside else {
                let below = text.flatMap { Self.wrapped($0, toColumns: capabilities.columns) }
                return beside(thumbnail, columns: columns, text: [], gap: gap) + below.map { $0 + "\n" }.joined()
            }
            text = text.flatMap { Self.wrapped($0, toColumns: room) }
        }
        if capabilities.graphics != .blocks,
            let placed = try? GraphicsPlacement(capabilities).beside(
                thumbnail, columns: columns, rows: columns / 2, text: text, gap: gap)
        {
            return placed
        }
        return Self.sideBySide(lines(thumbnail, columns: columns), leftWidth: columns, text, gap: gap)
            .map { $0 + "\n" }.joined()
    }

    /// `line` broken at spaces to `columns`, its continuation lined up under its value.
    private static func wrapped(_ line: String, toColumns columns: Int) -> [String] {
        let indent = TerminalText.hangingIndent(of: line)
        return TerminalText.wrapStyled(line, toColumns: columns, indent: indent < columns / 2 ? indent : 0)
    }

    /// `left` (each `leftWidth` columns) and `right` side by side, `gap` spaces apart.
    package static func sideBySide(_ left: [String], leftWidth: Int, _ right: [String], gap: Int = 2) -> [String] {
        (0..<max(left.count, right.count)).map { index in
            let art = index < left.count ? left[index] : String(repeating: " ", count: leftWidth)
            let text = index < right.count ? right[index] : ""
            return text.isEmpty ? art : art + String(repeating: " ", count: gap) + text
        }
    }
}
