import BlockArt

/// What browse shows: each state drawn as the difference from the last frame (`ScreenPainter`),
/// and on kitty, whose images can be placed and deleted by id, the avatars as real pixels.
struct BrowseScreen {
    let style: Style
    let art: AvatarArt
    /// Real pixels (kitty); elsewhere cells.
    let pixels: Bool
    private var painter = ScreenPainter()
    private var images: KittyImages

    init(capabilities: TerminalCapabilities, art: AvatarArt) {
        style = Style(enabled: capabilities.colorMode != .none)
        self.art = art
        pixels = capabilities.graphics == .kitty
        images = KittyImages(cellSize: capabilities.cellPixels, multiplexed: capabilities.multiplexed)
    }

    /// The view at the terminal's size now.
    func view() -> BrowseView {
        let size = TerminalCapabilities.currentSize() ?? (80, 24)
        var view = BrowseView(width: size.columns, height: size.rows, style: style, renderer: art.renderer)
        view.pixels = pixels
        return view
    }

    /// The bytes that show `state`, which learns how many columns its grid has.
    mutating func draw(_ state: inout BrowseState) -> String {
        let view = view()
        state.gridColumns = view.gridColumns
        var output = painter.frame(view.render(state))
        if pixels, let placed = try? images.update(view.placements(state)) { output += placed }
        return output
    }

    /// After a resize the terminal may have cleared or reflowed: the next frame draws everything.
    mutating func invalidate() {
        painter.invalidate()
        images.screenCleared()
    }

    /// The bytes that take browse's images off the terminal, as it leaves.
    mutating func leave() -> String {
        pixels ? images.clear() : ""
    }
}
