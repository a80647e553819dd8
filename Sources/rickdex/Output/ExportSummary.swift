/// What `rickdex export` did, as its closing line.
struct ExportSummary {
    var characters = 0
    var written = 0
    var skipped = 0
    /// Characters that could not be exported.
    var failed = 0
    /// Listing pages that could not be had (their characters are not counted).
    var failedPages = 0
    /// Ids asked for that name no character.
    var unknown = 0

    func render(folder: String, extras: [String]) -> String {
        var text =
            "exported \(characters) character\(characters == 1 ? "" : "s") to \(folder): "
            + "\(written) file\(written == 1 ? "" : "s") written, \(skipped) already there and unchanged, \(failed) failed"
        if unknown > 0 { text += ", \(unknown) id\(unknown == 1 ? "" : "s") unknown" }
        if failedPages > 0 { text += ", \(failedPages) listing page\(failedPages == 1 ? "" : "s") failed" }
        if !extras.isEmpty { text += "\n  also: " + extras.joined(separator: ", ") }
        return text
    }
}
