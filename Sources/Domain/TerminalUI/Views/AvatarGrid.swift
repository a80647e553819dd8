import BlockArt
import FoundationEssentials
import LoupeImaging
import RickAndMortyAPI
import TerminalKit

/// Characters as a grid of round avatars with their names under them (episode casts, location
/// residents): real pixels where the terminal shows them, else cells.
package struct AvatarGrid: Sendable {
    package let capabilities: TerminalCapabilities
    package let columns: Int

    package init(capabilities: TerminalCapabilities, columns: Int) {
        self.capabilities = capabilities
        self.columns = columns
    }

    /// The grid as text ending in a newline; `thumbnails[i]` is `characters[i]`'s avatar or blank.
    package func render(_ characters: [RMCharacter], thumbnails: [Bitmap?]) -> String {
        let cell = max(columns, 10)
        let perRow = max(1, (capabilities.columns + 2) / (cell + 2))
        let art = AvatarArt(capabilities: capabilities)
        let placement = capabilities.graphics == .blocks ? nil : GraphicsPlacement(capabilities)
        var output = ""
        for start in stride(from: 0, to: characters.count, by: perRow) {
            let row = Array(start..<min(start + perRow, characters.count))
            let padding = cell - columns
            if let placement,
                let placed = try? placement.row(
                    row.enumerated().map { (thumbnails[$1], $0 * (cell + 2) + padding / 2) }, columns: columns,
                    rows: columns / 2)
            {
                output += placed
            } else {
                let arts = row.map { art.lines(thumbnails[$0], columns: columns) }
                for line in 0..<(columns / 2) {
                    output +=
                        row.indices.map { position in
                            String(repeating: " ", count: padding / 2) + arts[position][line]
                                + String(repeating: " ", count: padding - padding / 2)
                        }.joined(separator: "  ") + "\n"
                }
            }
            output +=
                row.map { index in
                    let name = TerminalText.truncate(TerminalText.sanitize(characters[index].name), toColumns: cell)
                    return TerminalText.pad(name, toColumns: cell)
                }.joined(separator: "  ") + "\n\n"
        }
        return output
    }

    /// One line a character: id and name, for pipes.
    package static func list(_ characters: [RMCharacter]) -> [String] {
        characters.map { "  " + TerminalText.pad(String($0.id), toColumns: 5) + TerminalText.sanitize($0.name) }
    }
}
