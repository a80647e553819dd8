/// A terminal's size as the kernel reports it (`TIOCGWINSZ`): cells, and pixels where the
/// terminal fills them in (0 otherwise).
package struct WindowSize: Sendable, Hashable {
    package var columns: Int
    package var rows: Int
    /// The text area's width in pixels; 0 when the terminal does not say.
    package var pixelWidth: Int
    /// The text area's height in pixels; 0 when the terminal does not say.
    package var pixelHeight: Int

    package init(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) {
        self.columns = columns
        self.rows = rows
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }
}
