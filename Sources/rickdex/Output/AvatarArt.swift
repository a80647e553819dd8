import BlockArt
import Imaging

/// Avatars as terminal text: half blocks in the terminal's colour mode, or a blank of the same
/// size where an avatar could not be had.
struct AvatarArt {
    let capabilities: TerminalCapabilities

    /// The lines of `thumbnail` (`columns` wide, two pixel rows a line); blanks when `nil`.
    func lines(_ thumbnail: Bitmap?, columns: Int) -> [String] {
        guard let thumbnail else { return Array(repeating: String(repeating: " ", count: columns), count: columns / 2) }
        return HalfBlockRenderer(mode: capabilities.colorMode).render(thumbnail)
    }

    /// `left` (each `leftWidth` columns) and `right` side by side, `gap` spaces apart, as many
    /// lines as the longer has.
    static func sideBySide(_ left: [String], leftWidth: Int, _ right: [String], gap: Int = 2) -> [String] {
        (0..<max(left.count, right.count)).map { index in
            let art = index < left.count ? left[index] : String(repeating: " ", count: leftWidth)
            let text = index < right.count ? right[index] : ""
            return text.isEmpty ? art : art + String(repeating: " ", count: gap) + text
        }
    }
}
