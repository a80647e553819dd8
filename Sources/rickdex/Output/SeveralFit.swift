import BlockArt
import RickAndMortyAPI

/// The note on stderr when a name fits several items, none by its whole name, and the one most
/// people mean is shown (`NamedItem.mostMeant`): which rule chose it, and the others with what
/// tells them apart.
struct SeveralFit: CustomStringConvertible {
    /// What was typed.
    let typed: String
    let shown: any APIResource
    /// The other fits, closest first.
    let others: [any APIResource]
    /// How many the API matched in all.
    let total: Int

    /// How many others are listed.
    static let listed = 5

    var description: String {
        let kind = type(of: shown).kind.rawValue
        let command = kind == "character" ? "show" : kind
        let rule =
            switch shown {
            case is RMCharacter: "the one in the most episodes"
            case is Location: "the one with the most residents"
            default: "the first"
            }
        let rows = others.prefix(Self.listed).map { Distinction.row($0) }
        let more = total - 1 > rows.count ? ["  … and \(total - 1 - rows.count) more"] : []
        return (["rickdex: '\(TerminalText.sanitize(typed))' fits \(total) \(kind)s; shown: "
            + "\(TerminalText.sanitize(shown.name)) (#\(shown.id)), \(rule). The others:"]
            + rows + more + ["  Another: rickdex \(command) \(others.first?.id ?? shown.id)"]).joined(separator: "\n")
    }
}
