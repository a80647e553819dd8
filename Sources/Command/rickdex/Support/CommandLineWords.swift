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
            if word == "+i" {
                // fzf's +i, which no parser of `-` options reads.
                result.append("--respect-case")
                index += 1
            } else if word.hasPrefix("--"), !word.contains("="), index + 1 < words.count, isNegativeNumber(words[index + 1]) {
                result.append(word + "=" + words[index + 1])
                index += 2
            } else {
                result.append(word)
                index += 1
            }
        }
        return result
    }

    /// The options every command that talks to the API takes (`GlobalOptions`, `CacheOptions`),
    /// with whether each takes a value.
    static let globalOptions: [String: Bool] = [
        "--api": true, "--color": true, "--retries": true, "--timeout": true, "--cacert": true, "--cache-dir": true,
        "--cache-size": true, "--avatar-max-stale": true, "--offline": false, "-v": false, "--verbose": false,
        "--netrc": false, "--netrc-file": true, "--image-host": true,
    ]

    /// `rickdex --api URL search rick` as `rickdex search rick --api URL`: the options every
    /// command takes may come before the command too, as git's and kubectl's do. Words are left
    /// as they are when no command follows the options.
    static func movingGlobalOptions(_ words: [String]) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
            guard let takesValue = globalOptions[name] else { break }
            let count = takesValue && !word.contains("=") ? 2 : 1
            leading += words[index..<min(words.count, index + count)]
            index += count
        }
        guard !leading.isEmpty, index < words.count, !words[index].hasPrefix("-") else { return words }
        // The command, then its subcommand if it has one (`cache stats`), then the options.
        var command = [words[index]]
        index += 1
        if command == ["cache"], index < words.count, !words[index].hasPrefix("-") {
            command.append(words[index])
            index += 1
        }
        return command + leading + words[index...]
    }

    /// Whether every word is an option every command takes (`rickdex --offline` on a terminal
    /// opens browse with it).
    static func areAllGlobalOptions(_ words: [String]) -> Bool {
        var index = 0
        while index < words.count {
            let word = words[index]
            let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
            guard let takesValue = globalOptions[name] else { return false }
            index += takesValue && !word.contains("=") ? 2 : 1
        }
        return true
    }

    /// A first word that names no command is refused with the nearest one (`serch`: did you mean
    /// `search`?), as git does.
    static func checkCommand(_ words: [String], known: [String]) throws {
        // `rickdex help serch` too: not the top help for a command that does not exist.
        if words.first == "help", words.count > 1 { return try checkCommand(Array(words.dropFirst()), known: known) }
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
    var exitStatus: ExitStatus { .usage }
}
