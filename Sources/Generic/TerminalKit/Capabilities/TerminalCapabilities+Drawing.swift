import BlockArt
import LoupeImaging

extension GraphicsPlacement {
    /// For a sixel tmux draws itself, laid on the background.
    public init(_ capabilities: TerminalCapabilities) {
        let tmuxDrawsSixel = capabilities.multiplexed && capabilities.graphics == .sixel && !capabilities.passthrough
        self.init(
            graphics: capabilities.graphics, passthrough: capabilities.passthrough, placeholders: capabilities.placeholders,
            truecolor: capabilities.placeholderTruecolor, cellSize: capabilities.cellPixels,
            opaqueOn: tmuxDrawsSixel ? capabilities.background ?? RGBA(0, 0, 0) : nil)
    }
}

extension CellRenderer {
    public init(_ capabilities: TerminalCapabilities) {
        self.init(symbols: capabilities.symbols, mode: capabilities.colorMode, background: capabilities.background)
    }
}

extension ImageGrid {
    public init(capabilities: TerminalCapabilities, columns: Int, perRow: Int, maximumRows: Int? = nil) {
        self.init(
            placement: GraphicsPlacement(capabilities), cells: CellRenderer(capabilities), columns: columns, perRow: perRow,
            maximumRows: maximumRows)
    }
}
