/// The exit codes, once: `rickdex --help` lists them from here, `ErrorReport` and the errors
/// use them, and a test holds the README's list to them. Browse keeps fzf's instead: 0 chosen,
/// 1 no match, 2 error, 130 quit.
enum ExitStatus: Int32, CaseIterable {
    case success = 0
    case usage = 1
    case network = 2
    case notFound = 3
    case partial = 4

    /// What the code means, as `--help` says it (the README starts its entries the same way).
    var meaning: String {
        switch self {
        case .success: "success"
        case .usage:
            "usage error (bad option or argument, unusable dataset, output or cache folder, a folder of other files given as the cache, two inputs that would write one file)"
        case .network:
            "network or server error (a server that is not the API included), or --offline and the answer is not cached"
        case .notFound:
            "not found (an unknown id or name, export ids that name no character, a page past the last, a sheet with nothing to draw)"
        case .partial:
            "some items of a batch failed (each is reported; the rest were done), or it stopped when its host went away or its deadline passed"
        }
    }

    /// The `Exit codes:` lines of `--help`, wrapped to 78 columns under the meaning (help keeps
    /// lines that start with spaces as they are).
    static var helpLines: String {
        allCases.map { status in
            var lines = [""]
            for word in status.meaning.split(separator: " ") {
                if lines[lines.count - 1].count + word.count + 1 > 73, !lines[lines.count - 1].isEmpty { lines.append("") }
                lines[lines.count - 1] += (lines[lines.count - 1].isEmpty ? "" : " ") + word
            }
            return "  \(status.rawValue)  " + lines.joined(separator: "\n     ")
        }.joined(separator: "\n")
    }
}
