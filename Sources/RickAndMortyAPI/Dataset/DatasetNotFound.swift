/// No bundled dataset where `BundledDataset.locate` looked.
package struct DatasetNotFound: Error, CustomStringConvertible, Sendable {
    /// The folders looked in, in order.
    package let searched: [String]
    /// Whether a configured folder (`RICKDEX_FIXTURES`) was the one looked in.
    package let configured: Bool

    package var description: String {
        if configured {
            return "RICKDEX_FIXTURES names \(searched.first ?? ""), which holds no characters.json; "
                + "point it at a dataset folder, or unset it to use the installed one"
        }
        return "cannot find the bundled dataset (characters.json); it installs with rickdex into "
            + "PREFIX/share/rickdex/fixtures (scripts/install), or set RICKDEX_FIXTURES to its folder. "
            + "Looked in: " + searched.prefix(4).joined(separator: ", ")
    }
}
