/// What `rickdex export` did.
struct ExportSummary {
    var characters = 0
    var written = 0
    var skipped = 0
    /// Characters that could not be exported, each with its reason.
    var failures: [String] = []

    func render(folder: String, extras: [String]) -> String {
        var text =
            "exported \(characters) character\(characters == 1 ? "" : "s") to \(folder): "
            + "\(written) file\(written == 1 ? "" : "s") written, \(skipped) already there and unchanged, \(failures.count) failed"
        if !extras.isEmpty { text += "\n  also: " + extras.joined(separator: ", ") }
        return text
    }
}
