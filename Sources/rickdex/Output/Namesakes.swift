import BlockArt
import RickAndMortyAPI

/// The note on stderr when the item shown shares its name: the others, with what tells them
/// apart, and how to ask for one.
struct Namesakes: CustomStringConvertible {
    let shown: any APIResource
    let others: [any APIResource]

    /// The note for `shown` and its namesakes; `nil` when it has none.
    init?(shown: any APIResource, others: [any APIResource]) {
        guard !others.isEmpty else { return nil }
        self.shown = shown
        self.others = others
    }

    /// The results named exactly `name` (any case), when there are two or more: the first as
    /// shown, the rest as its namesakes.
    init?<Resource: APIResource>(_ name: String, among results: [Resource]) {
        let named = results.filter { $0.name.lowercased() == name.trimmingWhitespace().lowercased() }
        guard let first = named.first else { return nil }
        self.init(shown: first, others: Array(named.dropFirst()))
    }

    var description: String {
        let kind = type(of: shown).kind.rawValue
        let command = kind == "character" ? "show" : kind
        let name = TerminalText.sanitize(shown.name)
        let count = others.count
        return (["rickdex: \(count) other \(kind)\(count == 1 ? " is" : "s are") named “\(name)”:"]
            + others.map { Distinction.row($0) }
            + ["  Shown: #\(shown.id). Another: rickdex \(command) \(others[0].id)"]).joined(separator: "\n")
    }
}
