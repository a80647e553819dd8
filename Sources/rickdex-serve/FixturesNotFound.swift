/// `--api fixtures` or `rickdex serve` was run but no bundled dataset could be found.
struct FixturesNotFound: Error, CustomStringConvertible {
    /// The folders looked in, in order.
    let searched: [String]
    /// Whether `RICKDEX_FIXTURES` named the one folder looked in.
    let configured: Bool

    var description: String {
        if configured {
            return "RICKDEX_FIXTURES names \(searched.first ?? ""), which holds no characters.json; "
                + "point it at a dataset folder, or unset it to use the installed one"
        }
        return "cannot find the bundled dataset (characters.json); it installs with rickdex into "
            + "PREFIX/share/rickdex/fixtures (scripts/install), or set RICKDEX_FIXTURES to its folder. "
            + "Looked in: " + searched.prefix(4).joined(separator: ", ")
    }
}
