import BlockArt

/// The search line as fzf edits it: a cursor that moves by character and by word, deletions on
/// either side of it, and the last deletion kept for Ctrl-Y (fzf's `yank`).
struct QueryLine: Equatable {
    private(set) var characters: [Character] = []
    /// Where the next character goes: 0 before the first, `characters.count` after the last.
    private(set) var cursor = 0
    /// What Ctrl-U, Ctrl-W, Alt-D or Alt-Backspace removed last.
    private var yanked: [Character] = []

    init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    var text: String { String(characters) }
    var isEmpty: Bool { characters.isEmpty }

    mutating func insert(_ character: Character) {
        characters.insert(character, at: cursor)
        cursor += 1
    }

    mutating func moveLeft() { cursor = max(0, cursor - 1) }
    mutating func moveRight() { cursor = min(characters.count, cursor + 1) }
    mutating func moveToStart() { cursor = 0 }
    mutating func moveToEnd() { cursor = characters.count }

    /// Alt-B: to the start of this word, or the one before (fzf's `backward-word`).
    mutating func moveWordLeft() { cursor = wordStart(before: cursor) }
    /// Alt-F: past the end of this word, or the next (fzf's `forward-word`).
    mutating func moveWordRight() { cursor = wordEnd(after: cursor) }

    /// Backspace, Ctrl-H.
    mutating func deleteBackward() {
        guard cursor > 0 else { return }
        cursor -= 1
        characters.remove(at: cursor)
    }

    /// Delete, Ctrl-D: the character under the cursor; `false` when there is none.
    @discardableResult
    mutating func deleteForward() -> Bool {
        guard cursor < characters.count else { return false }
        characters.remove(at: cursor)
        return true
    }

    /// Ctrl-U: everything before the cursor (fzf's `unix-line-discard`).
    mutating func deleteToStart() { kill(0..<cursor) }
    /// Ctrl-W: the spaces before the cursor, then the word (fzf's `unix-word-rubout`).
    mutating func deleteWordBackward() {
        var start = cursor
        while start > 0, characters[start - 1] == " " { start -= 1 }
        while start > 0, characters[start - 1] != " " { start -= 1 }
        kill(start..<cursor)
    }

    /// Alt-Backspace: the word before the cursor, a word being letters and digits.
    mutating func deleteAlphanumericWordBackward() { kill(wordStart(before: cursor)..<cursor) }
    /// Alt-D: the word after the cursor.
    mutating func deleteWordForward() { kill(cursor..<wordEnd(after: cursor)) }

    /// Ctrl-Y: what was deleted last, at the cursor.
    mutating func yank() {
        characters.insert(contentsOf: yanked, at: cursor)
        cursor += yanked.count
    }

    /// The line in `columns` terminal columns, scrolled so that the cursor shows (`…` where cut),
    /// split at the cursor.
    func visible(columns: Int) -> (beforeCursor: String, afterCursor: String) {
        let widths = characters.map { TerminalText.width(String($0)) }
        func width(_ range: Range<Int>) -> Int { widths[range].reduce(0, +) }
        let room = max(2, columns)
        if width(0..<characters.count) <= room {
            return (String(characters[..<cursor]), String(characters[cursor...]))
        }
        // The window ends at the cursor and reaches left as far as fits, then right; a cut end
        // takes a column for its "…".
        func fits(_ start: Int, _ end: Int) -> Bool {
            width(start..<end) + (start > 0 ? 1 : 0) + (end < characters.count ? 1 : 0) <= room
        }
        var start = cursor
        var end = cursor
        while start > 0, fits(start - 1, end) { start -= 1 }
        while end < characters.count, fits(start, end + 1) { end += 1 }
        return (
            (start > 0 ? "…" : "") + String(characters[start..<cursor]),
            String(characters[cursor..<end]) + (end < characters.count ? "…" : "")
        )
    }

    private mutating func kill(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        yanked = Array(characters[range])
        characters.removeSubrange(range)
        cursor = range.lowerBound
    }

    private func isWordCharacter(_ index: Int) -> Bool {
        characters[index].isLetter || characters[index].isNumber
    }

    private func wordStart(before position: Int) -> Int {
        var index = position
        while index > 0, !isWordCharacter(index - 1) { index -= 1 }
        while index > 0, isWordCharacter(index - 1) { index -= 1 }
        return index
    }

    private func wordEnd(after position: Int) -> Int {
        var index = position
        while index < characters.count, !isWordCharacter(index) { index += 1 }
        while index < characters.count, isWordCharacter(index) { index += 1 }
        return index
    }
}
