import BlockArt
import RickAndMortyAPI

/// A name given for one item that fits several, none of them by its whole name: listed with
/// their ids and what tells them apart, exit code 1.
struct AmbiguousName: ReportableError {
    /// What was typed.
    let typed: String
    /// The first fits, closest first.
    let candidates: [any APIResource]
    /// How many the API matched in all.
    let total: Int

    /// How many fits are listed.
    static let listed = 10

    private var kind: String { candidates.first.map { type(of: $0).kind.rawValue } ?? "item" }

    var description: String {
        let rows = candidates.prefix(Self.listed).map { Distinction.row($0) }
        let more = total > rows.count ? ["  … and \(total - rows.count) more"] : []
        return (["'\(TerminalText.sanitize(typed))' fits \(total) \(kind)s:"] + rows + more).joined(separator: "\n")
    }

    var hint: String? {
        "Give the whole name, or the id: rickdex \(kind == "character" ? "show" : kind) \(candidates.first?.id ?? 1)."
    }
    var exitCode: Int32 { ErrorReport.usage }
}
