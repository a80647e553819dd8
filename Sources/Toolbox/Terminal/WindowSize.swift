/// A terminal's size as the kernel reports it (`TIOCGWINSZ`): cells, and pixels where the
/// terminal fills them in (0 otherwise).
public struct WindowSize: Sendable, Hashable {
    public var columns: Int
    public var rows: Int
    /// The text area's width in pixels; 0 when the terminal does not say.
    public var pixelWidth: Int
    /// The text area's height in pixels; 0 when the terminal does not say.
    public var pixelHeight: Int

    public init(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) {
        self.columns = columns
        self.rows = rows
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }
}
