import BlockArt
import RickAndMortyAPI

/// The search results table: id, name, status, species, gender, location, each column as wide as
/// its sanitized content up to a cap.
package struct CharacterTable: Sendable {
    package let style: Style

    package init(style: Style) { self.style = style }

    /// The table, at most `width` terminal columns wide: the wide columns narrow first (to 8
    /// columns each), then LOCATION and GENDER go, so a row never wraps.
    package func render(_ characters: [RMCharacter], width: Int = .max) -> String {
        let header = ["ID", "NAME", "STATUS", "SPECIES", "GENDER", "LOCATION"]
        let rows = characters.map { character in
            [
                String(character.id),
                TerminalText.sanitize(character.name),
                style.enabled ? "● " + character.status.rawValue : character.status.rawValue,
                TerminalText.sanitize(character.species),
                character.gender.rawValue,
                TerminalText.sanitize(character.location.name),
            ]
        }
        let caps = [6, 32, 11, 22, 11, 36]
        var widths = header.indices.map { column in
            min(caps[column], ([header] + rows).map { TerminalText.width($0[column]) }.max() ?? 0)
        }
        var shown = Array(header.indices)
        func total() -> Int { shown.map { widths[$0] }.reduce(0, +) + 2 * (shown.count - 1) }
        while total() > width {
            // The widest of NAME, SPECIES and LOCATION gives a column, down to 8; then a column goes.
            if let widest = [1, 3, 5].filter({ shown.contains($0) && widths[$0] > 8 }).max(by: { widths[$0] < widths[$1] }) {
                widths[widest] -= 1
            } else if let last = [5, 4, 3].first(where: shown.contains) {
                shown.removeAll { $0 == last }
            } else {
                break
            }
        }
        func pick(_ cells: [String]) -> [String] { shown.map { cells[$0] } }
        let shownWidths = shown.map { widths[$0] }
        var lines = [style.bold(layout(pick(header), widths: shownWidths).joined(separator: "  "))]
        for (character, row) in zip(characters, rows) {
            var cells = layout(pick(row), widths: shownWidths)
            if style.enabled {
                cells[2] = style.dot(character.status) + cells[2].dropFirst()
            }
            lines.append(cells.joined(separator: "  "))
        }
        return lines.joined(separator: "\n")
    }

    /// The rows for a script: every field whole, tab-separated, one character a line, sanitized,
    /// tabs and line breaks as spaces; with `header`, a first line naming the fields.
    package static func tabSeparated(_ characters: [RMCharacter], header: Bool = false, style: Style = Style(enabled: false)) -> String {
        func field(_ text: String) -> String {
            TerminalText.sanitize(text.replacing("\t", with: " ").replacing("\n", with: " ").replacing("\r", with: " "))
        }
        let names = header ? ["id\tname\tstatus\tspecies\ttype\tgender\torigin\tlocation"] : []
        return (names
            + characters.map { character in
                [
                    // With --color always, the status in its color: the fields stay as they are.
                    String(character.id), field(character.name), style.colored(character.status.rawValue, status: character.status),
                    field(character.species),
                    field(character.type), character.gender.rawValue, field(character.origin.name),
                    field(character.location.name),
                ].joined(separator: "\t")
            }).joined(separator: "\n")
    }

    /// Each cell cut to its column and padded; the id right-aligned, the last column unpadded.
    private func layout(_ cells: [String], widths: [Int]) -> [String] {
        cells.enumerated().map { column, cell in
            let cut = TerminalText.truncate(cell, toColumns: widths[column])
            if column == widths.count - 1 { return cut }
            if column == 0 { return String(repeating: " ", count: max(0, widths[0] - TerminalText.width(cut))) + cut }
            return TerminalText.pad(cut, toColumns: widths[column])
        }
    }
}
