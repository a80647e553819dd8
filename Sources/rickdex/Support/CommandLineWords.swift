import UseCases

/// The words of a command line, as a person types them, made ready for the parser.
enum CommandLineWords {
    /// `--page -1` as `--page=-1`: a negative number after an option is its value (which the
    /// command then refuses with its own words), not an unknown option `-1`.
    static func prepared(_ words: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            if word.hasPrefix("--"), !word.contains("="), index + 1 < words.count, isNegativeNumber(words[index + 1]) {
                result.append(word + "=" + words[index + 1])
                index += 2
            } else {
                result.append(word)
                index += 1
            }
        }
        return result
    }

    /// A first word that names no command is refused with the nearest one (`serch`: did you mean
    /// `search`?), as git does.
    static func checkCommand(_ words: [String], known: [String]) throws {
        guard let first = words.first, !first.hasPrefix("-"), !known.contains(first) else { return }
        throw UnknownCommand(typed: first, nearest: Spelling.nearest(to: first, among: known))
    }

    private static func isNegativeNumber(_ word: String) -> Bool {
        word.count > 1 && word.hasPrefix("-") && Double(word.dropFirst()) != nil
    }
}

/// A first word that is not a command: exit code 1, with the nearest command.
struct UnknownCommand: ReportableError {
    let typed: String
    let nearest: String?

    var description: String { "'\(typed)' is not a rickdex command" }
    var hint: String? {
        (nearest.map { "Did you mean 'rickdex \($0)'? " } ?? "") + "rickdex --help lists the commands."
    }
    var exitCode: Int32 { ErrorReport.usage }
}
