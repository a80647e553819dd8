import ArgumentParser
import BlockArt
import RickAndMortyAPI
import UseCases

/// The character filters, as the API applies them: case-insensitive substrings, except that a
/// gender starting with "male" only matches from the start.
struct CharacterFilterOptions: ParsableArguments {
    @Argument(help: "Part of the character's name, e.g. 'rick'.", completion: .custom(ShellCompletion.characterNames))
    var name: String?

    @Option(help: "alive, dead or unknown, or a part of one.", completion: .list(Self.statuses))
    var status: String?

    @Option(help: "e.g. human, alien, robot.", completion: .custom(ShellCompletion.species))
    var species: String?

    @Option(help: "The subspecies or kind, e.g. parasite, clone.")
    var type: String?

    @Option(help: "female, male, genderless or unknown, or a part of one.", completion: .list(Self.genders))
    var gender: String?

    private static let statuses = CharacterStatus.allCases.map { $0.rawValue.lowercased() }
    private static let genders = CharacterGender.allCases.map { $0.rawValue.lowercased() }

    /// Status and gender are closed sets: a value that selects none of them is a typo, not a
    /// search with no results.
    func validate() throws {
        if let status, !status.isEmpty, CharacterStatus.selected(byFilter: status).isEmpty {
            throw Self.notOneOf("--status", status, Self.statuses)
        }
        if let gender, !gender.isEmpty, CharacterGender.selected(byFilter: gender).isEmpty {
            throw Self.notOneOf("--gender", gender, Self.genders)
        }
    }

    /// The query, each value as typed: the API takes a part of a status or gender too.
    func query(page: Int) -> CharacterQuery {
        let values: [CharacterFilter: String?] = [
            .name: name, .status: status, .species: species, .type: type, .gender: gender,
        ]
        return CharacterQuery(filters: values.compactMapValues { $0 }, page: page)
    }

    private static func notOneOf(_ option: String, _ value: String, _ accepted: [String]) -> ValidationError {
        let list = accepted.dropLast().joined(separator: ", ") + " or " + (accepted.last ?? "")
        let nearest = Spelling.nearest(to: value, among: accepted).map { "; did you mean '\($0)'?" } ?? ""
        return ValidationError("\(option) must be \(list), not '\(TerminalText.sanitize(value))'\(nearest)")
    }
}
