import ArgumentParser
import RickAndMortyAPI

/// The character filters, as the API applies them: case-insensitive substrings, except that a
/// gender starting with "male" only matches from the start.
struct CharacterFilterOptions: ParsableArguments {
    @Argument(help: "Part of the character's name, e.g. 'rick'.")
    var name: String?

    @Option(help: "alive, dead or unknown.")
    var status: String?

    @Option(help: "e.g. human, alien, robot.")
    var species: String?

    @Option(help: "The subspecies or kind, e.g. parasite, clone.")
    var type: String?

    @Option(help: "female, male, genderless or unknown.")
    var gender: String?

    func query(page: Int) -> CharacterQuery {
        CharacterQuery(name: name, status: status, species: species, type: type, gender: gender, page: page)
    }
}
