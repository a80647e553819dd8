import BlockArt
import LoupePipeline
import LoupeImaging
import RickAndMortyAPI
import TerminalKit
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
        variant.request(character.image, status: character.status, pixelsPerColumn: pixelsPerColumn)
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

    /// The fewest columns text is given beside an avatar: with fewer, a line too long for them
    /// goes below the avatar instead.
    package static let fewestColumnsBeside = 30

    /// The avatar `columns` wide and `text` beside it, as real pixels or cells, ending in a
    /// newline; a failed graphics encoding falls back to cells.
    ///
    /// A line too long for the terminal's columns beside the avatar is broken at spaces, its
    /// continuation lined up under its value (`label  value`); where fewer than
    /// `fewestColumnsBeside` columns are left, the text goes below the avatar, broken to the
    /// terminal's width.
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
