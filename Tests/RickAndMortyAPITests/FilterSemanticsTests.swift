import Foundation
import Testing

@testable import RickAndMortyAPI

@Suite struct FilterSemanticsTests {
    static let rick = CharacterDTO(
        id: 1, name: "Rick Sanchez", status: "Alive", species: "Human", type: "", gender: "Male",
        origin: .init(name: "Earth (C-137)", url: "https://rickandmortyapi.com/api/location/1"),
        location: .init(name: "Citadel of Ricks", url: "https://rickandmortyapi.com/api/location/3"),
        image: "https://rickandmortyapi.com/api/character/avatar/1.jpeg",
        episode: ["https://rickandmortyapi.com/api/episode/1"], url: "https://rickandmortyapi.com/api/character/1",
        created: "2017-11-04T18:48:46.250Z")

    static var summer: CharacterDTO {
        var summer = rick
        summer.name = "Summer Smith"
        summer.gender = "Female"
        return summer
    }

    static let rickCases: [([CharacterFilter: String], Bool)] = [
        ([.name: "rick"], true), ([.name: "RICK"], true), ([.name: "ck sa"], true), ([.name: "morty"], false),
        ([.status: "alive"], true), ([.status: "ali"], true), ([.status: "dead"], false),
        ([.species: "hum"], true), ([.gender: "male"], true), ([.gender: "MALE"], true), ([.gender: "ale"], true),
        ([.type: ""], true), ([.name: "rick", .status: "dead"], false), ([.name: ".*"], false),
        ([.name: "(c-137)"], false), ([:], true),
    ]

    @Test(arguments: rickCases)
    func rickMatches(filters: [CharacterFilter: String], expected: Bool) {
        #expect(CharacterQuery(filters: filters).matches(Self.rick) == expected)
    }

    @Test func maleIsAnchoredSoItDoesNotMatchFemale() {
        #expect(!CharacterQuery(gender: .male).matches(Self.summer))
        #expect(CharacterQuery(gender: .female).matches(Self.summer))
        // Only values starting with "male" are anchored; others stay substrings, as on the real API.
        #expect(CharacterQuery(filters: [.gender: "emale"]).matches(Self.summer))
    }

    @Test func metacharactersAreLiteral() {
        var character = Self.rick
        character.name = "Mr. Poopybutthole (C-137)"
        #expect(CharacterQuery(name: "(c-137)").matches(character))
        #expect(CharacterQuery(name: "mr. p").matches(character))
        #expect(!CharacterQuery(name: "mr.. p").matches(character))
    }

    @Test func episodeAndLocationFilters() {
        let episode = EpisodeDTO(
            id: 1, name: "Pilot", airDate: "December 2, 2013", episode: "S01E01", characters: [], url: "u", created: "c")
        #expect(EpisodeQuery(filters: [.episode: "s01"]).matches(episode))
        #expect(!EpisodeQuery(filters: [.episode: "S02"]).matches(episode))
        let location = LocationDTO(
            id: 1, name: "Earth (C-137)", type: "Planet", dimension: "Dimension C-137", residents: [], url: "u", created: "c")
        #expect(LocationQuery(filters: [.dimension: "c-137", .type: "plan"]).matches(location))
        #expect(!LocationQuery(filters: [.type: "station"]).matches(location))
    }
}
