import BlockArt
import RickAndMortyAPI

/// The search results table: id, name, status, species, gender, location.
///
/// Columns are as wide as their content up to a cap, measured in terminal columns; every text
/// from the API is sanitised first.
public struct CharacterTable: Sendable {
    public let style: Style

    public init(style: Style) { self.style = style }

    public func render(_ characters: [RMCharacter]) -> String {
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
        let widths = header.indices.map { column in
            min(caps[column], ([header] + rows).map { TerminalText.width($0[column]) }.max() ?? 0)
        }
        var lines = [style.bold(line(header, widths: widths))]
        for (character, row) in zip(characters, rows) {
            var cells = layout(row, widths: widths)
            if style.enabled {
                cells[2] = style.dot(character.status) + cells[2].dropFirst()
            }
            lines.append(cells.joined(separator: "  "))
        }
        return lines.joined(separator: "\n")
    }

    private func line(_ cells: [String], widths: [Int]) -> String {
        layout(cells, widths: widths).joined(separator: "  ")
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
