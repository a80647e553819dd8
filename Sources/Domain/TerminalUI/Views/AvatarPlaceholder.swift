import BlockArt
import LoupePipeline
import LoupeImaging
import RickAndMortyAPI
import UseCases

/// What stands in for an avatar that cannot be had: a neutral disc with the character's initials
/// in its status color (a ring of that color around it, as the real avatars have).
enum AvatarPlaceholder {
    /// Up to two initials: the first letters of the first and last words of the name.
    static func initials(of name: String) -> String {
        let words = TerminalText.sanitize(name).split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        let letters = [words.first?.first, words.count > 1 ? words.last?.first : nil].compactMap { $0 }
        return letters.isEmpty ? "?" : String(letters).uppercased()
    }

    /// The disc as a `size`-pixel image, for views large enough to show its letters.
    static func bitmap(for character: RMCharacter, size: Int) -> Bitmap {
        let color = StatusColors.ring(for: character.status)
        var disc = ImageProcessors.CircleThumbnail(size: size, ring: color)
            .process(Bitmap(width: 4, height: 4, fill: RGBA(70, 72, 78)))
        let text = initials(of: character.name)
        let font = BitmapFont.title
        let x = (size - font.width(of: text)) / 2
        let baseline = (size + font.ascent - font.descent) / 2
        disc.draw(text, x: x, baseline: baseline, font: font, color: color)
        return disc
    }

    /// The disc as `columns`-wide text on two lines, for avatars too small for letters in pixels.
    static func cells(for character: RMCharacter, columns: Int, style: Style) -> [String] {
        let label = "(" + initials(of: character.name) + ")"
        let padded = TerminalText.pad(TerminalText.truncate(label, toColumns: columns), toColumns: columns)
        return [style.colored(padded, status: character.status), String(repeating: " ", count: columns)]
    }
}
