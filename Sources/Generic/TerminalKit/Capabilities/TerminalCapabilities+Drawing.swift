import BlockArt
import LoupeImaging

extension GraphicsPlacement {
    /// Images placed as `capabilities` allow: the protocol, tmux's passthrough and placeholders,
    /// the cell's pixels, and, for a sixel tmux draws itself, its background.
    public init(_ capabilities: TerminalCapabilities) {
        let tmuxDrawsSixel = capabilities.multiplexed && capabilities.graphics == .sixel && !capabilities.passthrough
        self.init(
            graphics: capabilities.graphics, passthrough: capabilities.passthrough, placeholders: capabilities.placeholders,
            truecolor: capabilities.placeholderTruecolor, cellSize: capabilities.cellPixels,
            opaqueOn: tmuxDrawsSixel ? capabilities.background ?? RGBA(0, 0, 0) : nil)
    }
}

extension CellRenderer {
    /// Cells in the symbols, colors and background of `capabilities`.
    public init(_ capabilities: TerminalCapabilities) {
        self.init(symbols: capabilities.symbols, mode: capabilities.colorMode, background: capabilities.background)
    }
}

extension ImageGrid {
    /// A grid drawn as `capabilities` allow.
    public init(capabilities: TerminalCapabilities, columns: Int, perRow: Int, maximumRows: Int? = nil) {
        self.init(
            placement: GraphicsPlacement(capabilities), cells: CellRenderer(capabilities), columns: columns, perRow: perRow,
            maximumRows: maximumRows)
    }
}
