import BlockArt

/// A name given for one item that fits several: listed with their ids, exit code 1.
struct AmbiguousName: ReportableError {
    /// What was typed.
    let typed: String
    /// `character` or `location`.
    let kind: String
    /// The first fits, closest first, as `(id, name)`.
    let candidates: [(id: Int, name: String)]
    /// How many the API matched in all.
    let total: Int

    /// How many fits are listed.
    static let listed = 10

    var description: String {
        let rows = candidates.prefix(Self.listed).map {
            "  \(String($0.id).leftPadded(to: 4))  \(TerminalText.sanitize($0.name))"
        }
        let more = total > rows.count ? ["  … and \(total - rows.count) more"] : []
        return (["'\(TerminalText.sanitize(typed))' fits \(total) \(kind)s:"] + rows + more).joined(separator: "\n")
    }

    var hint: String? {
        "Give more of the name, or the id: rickdex \(kind == "character" ? "show" : kind) \(candidates.first?.id ?? 1)."
    }
    var exitCode: Int32 { ErrorReport.usage }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
