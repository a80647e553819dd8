/// The color of one side of a cell, as a terminal is told it.
enum Ink: Equatable, Sendable {
    /// The terminal's own foreground or background (`39` / `49`): what transparency shows.
    case terminalDefault
    case rgb(UInt8, UInt8, UInt8)
    /// A palette entry, 0–255.
    case indexed(UInt8)
}
