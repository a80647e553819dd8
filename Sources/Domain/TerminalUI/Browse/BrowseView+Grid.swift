import BlockArt
import LoupePipeline
import RickAndMortyAPI
import UseCases

/// The list as a grid (Ctrl-T): as many cells a row as fit, each a larger avatar with the name
/// under it, the selection marked beside its name.
extension BrowseView {
    static let gridAvatar = 8
    /// Columns a cell takes: the marker and a space, eleven for the name, a space before the next.
    static let gridCell = 14
    /// Lines a grid row takes: the avatar, the name, a blank.
    static let gridRowLines = gridAvatar / 2 + 2

    /// The avatars the list draws: the cast cells' size in the grid, smaller in list rows.
    static func avatarVariant(grid: Bool) -> AvatarVariant {
        grid ? AvatarVariant.castCell.sized(.columns(gridAvatar)) : AvatarVariant.browseRow.sized(.columns(listAvatar))
    }

    var gridColumns: Int { max(1, width / Self.gridCell) }

    /// The grid rows shown (each `gridRowLines` lines), keeping the selection's row in view.
    func visibleGridRows(_ state: BrowseState) -> Range<Int> {
        let rows = (state.results.count + gridColumns - 1) / gridColumns
        let visible = max(1, bodyRows / Self.gridRowLines)
        let selected = state.selection / gridColumns
        let offset = max(0, min(selected - visible + 1, rows - visible))
        return offset..<min(rows, offset + visible)
    }

    /// The grid rows shown: the avatars, the names, a blank.
    func gridSlots(_ state: BrowseState) -> [[String]] {
        var slots: [[String]] = []
        let results = state.results
        let pad = (Self.gridCell - 2 - Self.gridAvatar) / 2
        for row in visibleGridRows(state) {
            let indices = Array((row * gridColumns)..<min(results.count, (row + 1) * gridColumns))
            let arts = indices.map { avatarCells(results[$0], columns: Self.gridAvatar, state) }
            let left = blank(2 + pad)
            let right = blank(Self.gridCell - 2 - pad - Self.gridAvatar)
            var lines = (0..<(Self.gridAvatar / 2)).map { line in arts.map { art in left + art[line] + right }.joined() }
            lines.append(
                indices.map { index in
                    let selected = index == state.selection
                    let name = self.name(results[index], columns: Self.gridCell - 3, selected: selected, state)
                    let padding = blank(max(0, Self.gridCell - 3 - TerminalText.styledWidth(name)))
                    return (selected ? "▶ " : "  ") + name + padding + " "
                }.joined())
            lines.append("")
            slots.append(lines)
        }
        return slots
    }

    /// The result at screen `row` and `column` (from 1, as mouse reports count), if any.
    func gridItem(atRow row: Int, column: Int, _ state: BrowseState) -> Int? {
        guard column >= 1, let slot = slot(atRow: row, lines: Self.gridRowLines, state.layout) else { return nil }
        let gridRow = visibleGridRows(state).lowerBound + slot.slot
        let cell = (column - 1) / Self.gridCell
        guard cell < gridColumns, slot.line < Self.gridRowLines - 1 else { return nil }
        let index = gridRow * gridColumns + cell
        return visibleGridRows(state).contains(gridRow) && state.results.indices.contains(index) ? index : nil
    }

    /// Where the grid's avatars go when they are real pixels.
    func gridPlacements(_ state: BrowseState) -> [KittyImages.Placement] {
        let pad = (Self.gridCell - 2 - Self.gridAvatar) / 2
        return visibleGridRows(state).enumerated().flatMap { line, row in
            ((row * gridColumns)..<min(state.results.count, (row + 1) * gridColumns)).compactMap { index in
                let character = state.results[index]
                let top = slotTop(line, lines: Self.gridRowLines, state.layout)
                guard let image = state.avatars[character.id], bodyRange(state.layout).contains(top + Self.gridAvatar / 2 - 1)
                else { return nil }
                return KittyImages.Placement(
                    id: character.id, row: top, column: (index % gridColumns) * Self.gridCell + 2 + pad,
                    columns: Self.gridAvatar, rows: Self.gridAvatar / 2, image: image)
            }
        }
    }
}
