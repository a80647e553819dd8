import BlockArt
import RickAndMortyAPI

/// The episodes and people screens: a title, a rule, and one line a row, the selection marked.
extension BrowseView {
    /// Every episode the character names, as the detail counts them, those the API lacks too.
    func episodes(of character: RMCharacter, _ episodes: [Episode], state: BrowseState) -> [String] {
        let rows = BrowseState.episodeRows(of: character, episodes)
        let lines = rows.map { row in
            guard let episode = row.episode else { return style.dim("episode \(row.id) (not in this API's data)") }
            return TerminalText.pad(TerminalText.sanitize(episode.code), toColumns: 8) + TerminalText.sanitize(episode.name)
        }
        let missing = rows.count { $0.episode == nil }
        let title =
            "Episodes of " + TerminalText.sanitize(character.name) + " (\(rows.count)"
            + (missing > 0 ? ", \(missing) not in this API's data)" : ")")
        return titled(title, lines, selection: state.itemSelection)
    }

    func people(_ title: String, _ fetched: Fetched<[RMCharacter]>, state: BrowseState) -> [String] {
        let people: [RMCharacter]
        switch fetched {
        case .loading: return titled(title, [], selection: 0) + [style.dim("  loading…")]
        case .failed(let error): return titled(title, [], selection: 0) + failure("them", error)
        case .loaded(let loaded): people = loaded
        }
        let rows = people.map { person in
            style.dot(person.status) + " " + TerminalText.sanitize(person.name) + style.dim("  #\(person.id) · ")
                + style.dim(TerminalText.sanitize(person.species))
        }
        return titled(title + " (\(people.count))", rows, selection: state.itemSelection)
    }

    /// A title, a rule and the rows that fit, keeping `selection` in view.
    private func titled(_ title: String, _ rows: [String], selection: Int) -> [String] {
        var lines = [style.bold(" " + TerminalText.truncate(title, toColumns: width - 1))]
        lines.append(style.dim(String(repeating: "─", count: width)))
        let visible = max(1, height - 3)
        let offset = max(0, min(selection - visible + 1, rows.count - visible))
        for index in offset..<min(rows.count, offset + visible) {
            let marker = index == selection ? "▶ " : "  "
            lines.append(
                TerminalText.truncateStyled(
                    marker + (index == selection ? style.bold(rows[index]) : rows[index]), toColumns: width))
        }
        return lines
    }
}
