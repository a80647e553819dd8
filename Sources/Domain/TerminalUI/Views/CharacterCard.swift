import BlockArt
import RickAndMortyAPI

/// A search result beside its avatar: name and id, status and kind, location; cut to fit.
package struct CharacterCard: Sendable {
    package let style: Style

    package init(style: Style) { self.style = style }

    /// The text lines (at most `lines`), each at most `width` columns.
    package func lines(_ character: RMCharacter, lines count: Int, width: Int) -> [String] {
        let clean = TerminalText.sanitize
        let fit = { (text: String, reserved: Int) in TerminalText.truncate(text, toColumns: max(1, width - reserved)) }
        let id = "  #\(character.id)"
        var kind = clean(character.species)
        if !character.type.isEmpty { kind += " (\(clean(character.type)))" }
        let statusText = style.status(character.status)
        let statusWidth = TerminalText.width(character.status.rawValue) + (style.enabled ? 2 : 0)
        var text = [
            style.bold(fit(clean(character.name), id.count)) + style.dim(id),
            statusText + " · " + fit(kind + " · " + character.gender.rawValue, statusWidth + 3),
            style.dim(fit("at " + clean(character.location.name), 0)),
        ]
        if count < text.count { text = Array(text.prefix(max(1, count))) }
        return text
    }
}
