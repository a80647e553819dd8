import ArgumentParser
import BlockArt
import FoundationEssentials
import RickAndMortyAPI
import UseCases

/// Candidates for the shells' completion of values (argument-parser's custom completions): names,
/// ids, species, episode codes and location names, from what is known without a request: the
/// cache of the API the command line names (`--api`, `--cache-dir`, or their environment
/// variables), or the bundled dataset for `--api fixtures`. Never the network.
///
/// A candidate is offered when it starts with what was typed, in any case, and is offered as
/// typed plus the rest ("ri" → "rick Sanchez"): names and codes match in any case, and bash's
/// `compgen` would drop "Rick Sanchez" for "ri". A name that only folded starts so ("ricks" for
/// "Rick's Garage"), or that holds a character the shell would read (an apostrophe), is offered
/// folded ("ricks garage"): what `show` then takes, as it compares names folded.
enum ShellCompletion {
    @Sendable static func characterNames(_ words: [String], _ index: Int, _ typed: String) -> [String] {
        starting(with: typed, unique(known(words, .character).characters.map(\.name)))
    }

    /// `show`'s argument: ids while digits are typed, else names.
    @Sendable static func characters(_ words: [String], _ index: Int, _ typed: String) -> [String] {
        let characters = known(words, .character).characters
        if typed.first?.isNumber == true { return starting(with: typed, characters.map { String($0.id) }) }
        return starting(with: typed, unique(characters.map(\.name)))
    }

    @Sendable static func species(_ words: [String], _ index: Int, _ typed: String) -> [String] {
        starting(with: typed, unique(known(words, .character).characters.map(\.species)))
    }

    /// `episode`'s argument: codes such as `S01E01`, or ids while digits are typed.
    @Sendable static func episodes(_ words: [String], _ index: Int, _ typed: String) -> [String] {
        let episodes = known(words, .episode).episodes
        if typed.first?.isNumber == true { return starting(with: typed, episodes.map { String($0.id) }) }
        return starting(with: typed, episodes.map(\.code))
    }

    /// `location`'s argument: ids while digits are typed, else names.
    @Sendable static func locations(_ words: [String], _ index: Int, _ typed: String) -> [String] {
        let locations = known(words, .location).locations
        if typed.first?.isNumber == true { return starting(with: typed, locations.map { String($0.id) }) }
        return starting(with: typed, unique(locations.map(\.name)))
    }

    /// What is known for the command line being completed.
    private static func known(_ words: [String], _ kind: ResourceKind) -> KnownEntries {
        let environment = ProcessInfo.processInfo.environment
        let folder = value(of: "--cache-dir", in: words)
        guard let cache = try? CacheOptions.parse(folder.map { ["--cache-dir", $0] } ?? []) else { return KnownEntries() }
        let setting = value(of: "--api", in: words) ?? environment["RICKDEX_API"].flatMap { $0.isEmpty ? nil : $0 }
        return KnownEntries.lookUp(
            setting: setting.flatMap { try? APISetting.parse($0) } ?? .url(.realService), cache: cache, [kind])
    }

    /// The value after `option` (or in `option=value`) on the command line.
    private static func value(of option: String, in words: [String]) -> String? {
        for (index, word) in words.enumerated() {
            if word == option, index + 1 < words.count { return words[index + 1] }
            if word.hasPrefix(option + "=") { return String(word.dropFirst(option.count + 1)) }
        }
        return nil
    }

    static func starting(with typed: String, _ candidates: [String]) -> [String] {
        let typed = unquoted(typed)
        let prefix = typed.lowercased()
        let folded = NameFolding.fold(typed)
        // Names come from the network: no control character or escape reaches the shell's line.
        return unique(
            candidates.map(TerminalText.sanitize).compactMap { name in
                if name.lowercased().hasPrefix(prefix), !name.contains(where: { "'\"`\\$’".contains($0) }) {
                    return typed + name.dropFirst(typed.count)
                }
                let plain = NameFolding.fold(name)
                guard plain.hasPrefix(folded) else { return nil }
                return folded == prefix ? typed + plain.dropFirst(folded.count) : plain
            })
    }

    /// The word as the shell will pass it: bash hands over what was typed, quotes and
    /// backslashes included (`citadel\ o`, `'citadel o`).
    private static func unquoted(_ word: String) -> String {
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
