import BlockArt
import LoupePipeline
import LoupeImaging
import RickAndMortyAPI
import UseCases

/// Avatars as terminal text: cells in the terminal's symbol set and color mode, fitted to the
/// terminal's background, or a blank of the same size where an avatar could not be had.
package struct AvatarArt: Sendable {
    package let capabilities: TerminalCapabilities

    package init(capabilities: TerminalCapabilities) { self.capabilities = capabilities }

    /// Thumbnail pixels a column: the terminal's cell width for real pixels, or the pixels cell
    /// art is fitted at. What turns an `AvatarVariant` in columns into a thumbnail size.
    package var pixelsPerColumn: Int {
        capabilities.graphics == .blocks ? CellRenderer.pixelsPerColumn : capabilities.cellPixels.width
    }

    /// The request for `character`'s avatar as `variant`, in this terminal.
    package func request(_ variant: AvatarVariant, for character: RMCharacter) -> ImageRequest {
        variant.request(character.imageURL, status: character.status, pixelsPerColumn: pixelsPerColumn)
    }

    /// The renderer for this terminal.
    package var renderer: CellRenderer {
        CellRenderer(symbols: capabilities.symbols, mode: capabilities.colorMode, background: capabilities.background)
    }

    /// The `columns / 2` lines of `thumbnail`, `columns` wide; blanks when `nil`.
    package func lines(_ thumbnail: Bitmap?, columns: Int) -> [String] {
        guard let thumbnail else { return Array(repeating: String(repeating: " ", count: columns), count: columns / 2) }
        return renderer.render(thumbnail, columns: columns, rows: columns / 2)
    }

    /// The avatar `columns` wide and `text` beside it, as real pixels or cells, ending in a
    /// newline; a failed graphics encoding falls back to cells.
    package func beside(_ thumbnail: Bitmap?, columns: Int, text: [String], gap: Int = 2) -> String {
        if capabilities.graphics != .blocks,
            let placed = try? GraphicsPlacement(capabilities).beside(
                thumbnail, columns: columns, rows: columns / 2, text: text, gap: gap)
        {
            return placed
        }
        return Self.sideBySide(lines(thumbnail, columns: columns), leftWidth: columns, text, gap: gap)
            .map { $0 + "\n" }.joined()
    }

    /// `left` (each `leftWidth` columns) and `right` side by side, `gap` spaces apart, as many
    /// lines as the longer has.
    package static func sideBySide(_ left: [String], leftWidth: Int, _ right: [String], gap: Int = 2) -> [String] {
        (0..<max(left.count, right.count)).map { index in
            let art = index < left.count ? left[index] : String(repeating: " ", count: leftWidth)
            let text = index < right.count ? right[index] : ""
            return text.isEmpty ? art : art + String(repeating: " ", count: gap) + text
        }
    }
}
