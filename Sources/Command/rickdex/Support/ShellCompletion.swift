import ArgumentParser
import BlockArt
import FoundationEssentials
import RickAndMortyAPI
import UseCases

/// Candidates for the shells' completion of values (argument-parser's custom completions), from
/// the `NameIndex` of the API the command line names (or the bundled dataset's), never the network.
///
/// Names are whole: `show mr po` offers `poopybutthole`, the words before being part of the name.
/// A candidate is offered as typed plus the rest of the name (bash's `compgen` keeps only what
/// starts as typed), folded when the name starts so only once folded ("marti" → "martinez") or
/// words came before; typed with no apostrophe, apostrophes are set aside ("mortys lawyer").
enum ShellCompletion {
    /// `search`'s NAME: one word, the whole name in it.
    @Sendable static func characterNames(_ words: [String], _ index: Int, _ typed: String) -> [String] {
        names(.character, typed, after: [], in: NamesOnLine(words).encodedIndex)
    }

    /// `show`'s words: ids while digits are typed, else names.
    @Sendable static func characters(_ words: [String], _ index: Int, _ typed: String) -> [String] {
        let line = NamesOnLine(words)
        return named(.character, line, line.encodedIndex, index, typed)
    }

    @Sendable static func species(_ words: [String], _ index: Int, _ typed: String) -> [String] {
        starting(with: typed, unique(known(words, .character).characters.map(\.species)))
    }

    /// `episode`'s words: codes such as `S01E01` and names, or ids while digits are typed.
    @Sendable static func episodes(_ words: [String], _ index: Int, _ typed: String) -> [String] {
        let line = NamesOnLine(words)
        let encoded = line.encodedIndex
        let first = line.nameWords(before: index).isEmpty && typed.first?.isNumber != true
        let codes = first ? NameIndex.entries(.episode, in: encoded, where: .code, startsWith: unquoted(typed)) ?? [] : []
        return starting(with: typed, codes.map(\.code)) + named(.episode, line, encoded, index, typed)
    }

    /// `location`'s words: ids while digits are typed, else names.
    @Sendable static func locations(_ words: [String], _ index: Int, _ typed: String) -> [String] {
        let line = NamesOnLine(words)
        return named(.location, line, line.encodedIndex, index, typed)
    }

    /// The ids of `kind` while digits are typed, else its whole names.
    private static func named(
        _ kind: ResourceKind, _ line: NamesOnLine, _ encoded: [UInt8], _ index: Int, _ typed: String
    ) -> [String] {
        if typed.first?.isNumber == true {
            let entries = NameIndex.entries(kind, in: encoded, where: .id, startsWith: unquoted(typed)) ?? []
            return entries.map { String($0.id) }
        }
        return names(kind, typed, after: line.nameWords(before: index), in: encoded)
    }

    /// The names of `kind` that start with the words `before` and `typed`, found in an encoded index in place.
    private static func names(_ kind: ResourceKind, _ typed: String, after before: [String], in encoded: [UInt8]) -> [String] {
        let start = self.start(typed, after: before)
        let entries = NameIndex.entries(kind, in: encoded, where: .folded, startsWith: start, loose: !start.contains("'")) ?? []
        return names(typed, after: before, among: entries)
    }

    /// The folded start of a name: the words before and the one typed.
    private static func start(_ typed: String, after before: [String]) -> String {
        (before.isEmpty ? "" : NameFolding.fold(before.joined(separator: " ")) + " ") + NameFolding.fold(unquoted(typed))
    }

    /// The names that start with the words `before` and `typed`, each offered as `typed` plus the
    /// rest of the name.
    static func names(_ typed: String, after before: [String], among entries: [NameIndex.Entry]) -> [String] {
        let word = unquoted(typed)
        let start = start(typed, after: before)
        let loose = !start.contains("'")
        let lowered = word.lowercased()
        return unique(
            entries.compactMap { entry in
                // As the data spells it, when it starts as typed and holds nothing a shell reads.
                if before.isEmpty, entry.name.lowercased().hasPrefix(lowered), !entry.name.contains(where: { "'’\"`\\$".contains($0) }) {
                    return word + entry.name.dropFirst(word.count)
                }
                let name = loose ? NameFolding.loose(entry.folded) : entry.folded
                return name.hasPrefix(start) ? word + name.dropFirst(start.count) : nil
            })
    }

    /// What is known for the command line being completed: its characters' species.
    private static func known(_ words: [String], _ kind: ResourceKind) -> KnownEntries {
        let line = NamesOnLine(words)
        guard let cache = line.cache else { return KnownEntries() }
        return KnownEntries.lookUp(setting: line.setting, cache: cache, [kind])
    }

    /// The candidates that start as typed, in any case, offered as typed plus their rest.
    static func starting(with typed: String, _ candidates: [String]) -> [String] {
        let typed = unquoted(typed)
        let prefix = typed.lowercased()
        // Values come from the network: no control character or escape reaches the shell's line.
        return unique(
            candidates.map(TerminalText.sanitize).compactMap { value in
                value.lowercased().hasPrefix(prefix) && !value.contains(where: { "\"`\\$".contains($0) })
                    ? typed + value.dropFirst(typed.count) : nil
            })
    }

    /// The word as the shell will pass it: bash hands over what was typed, quotes and
    /// backslashes included (`citadel\ o`, `'citadel o`).
    static func unquoted(_ word: String) -> String {
        var result = ""
        var escaped = false
        for character in word {
            if escaped {
                result.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character != "'" && character != "\"" {
                result.append(character)
            }
        }
        return result
    }

    private static func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { !$0.isEmpty && seen.insert($0).inserted }
    }
}

/// A command line being completed: the API it names, the cache it reads, and the words that
/// make a name.
struct NamesOnLine {
    let words: [String]

    init(_ words: [String]) {
        self.words = words
    }

    /// The API named by `--api` anywhere on the line, else `RICKDEX_API`, else the real service.
    var setting: APISetting {
        let typed = value(of: "--api") ?? GlobalOptions.apiVariable
        return typed.flatMap { try? APISetting.parse($0) } ?? .url(.realService)
    }

    /// The cache `--cache-dir` (or its variable, or the default) names.
    var cache: CacheOptions? {
        try? CacheOptions.parse(value(of: "--cache-dir").map { ["--cache-dir", $0] } ?? [])
    }

    /// The names index of that API, from that cache, as stored (`NameIndex.entries` searches it
    /// in place); empty when there is none.
    var encodedIndex: [UInt8] {
        if setting == .fixtures { return NameIndex.bundledEncoding(in: try? cache?.open()) }
        guard let disk = try? cache?.open() else { return [] }
        return NameIndex.cachedEncoding(in: DiskResponseCache(disk: disk, identity: setting.identity()))
    }

    /// The options of `show`, `episode` and `location` that take a value (the next word, unless
    /// written `--option=value`); a test holds it to the completion script's own lists.
    static let valued: Set<String> = Set(CommandLineWords.globalOptions.filter(\.value).keys).union([
        "--page", "--preview-size", "--color-mode", "--symbols", "--graphics",
    ])

    /// The words of the name before the one at `index`: those after the command that are neither
    /// options nor their values.
    func nameWords(before index: Int) -> [String] {
        var position = 1
        var command: String?
        var name: [String] = []
        while position < min(index, words.count) {
            let word = words[position]
            position += 1
            if word.hasPrefix("-") {
                if Self.valued.contains(word) { position += 1 }
            } else if command == nil {
                command = word
            } else {
                name.append(word)
            }
        }
        return name
    }

    /// The value after `option` (or in `option=value`) on the line.
    private func value(of option: String) -> String? {
        for (index, word) in words.enumerated() {
            if word == option, index + 1 < words.count { return words[index + 1] }
            if word.hasPrefix(option + "=") { return String(word.dropFirst(option.count + 1)) }
        }
        return nil
    }
}
