import RickAndMortyAPI
import TestSupport
import Testing

@testable import UseCases

/// "Did you mean" over the bundled dataset, and the distance under it.
@Suite struct SpellingTests {
    static let known = KnownEntries.all(in: TestData.fixturesDataset)

    @Test(arguments: [
        ("rik", "rick", 1), ("deadd", "dead", 1), ("ab", "ba", 1), ("kitten", "sitting", 3), ("", "abc", 3),
        ("same", "same", 0),
    ])
    func editDistance(_ a: String, _ b: String, _ expected: Int) {
        #expect(Spelling.editDistance(Array(a), Array(b), limit: 5) == expected)
        #expect(Spelling.editDistance(Array(b), Array(a), limit: 5) == expected)
    }

    @Test func editDistanceStopsPastItsLimit() {
        #expect(Spelling.editDistance(Array("kitten"), Array("sitting"), limit: 1) == 2)
    }

    @Test func aNameOneLetterShortGetsTheNamesItIsNear() {
        let names = Self.known.characters.map(\.name)
        let suggestions = Spelling.suggestions(for: "rik", in: names)
        #expect(
            suggestions == [
                Suggestion(term: "rick", matches: 97, distance: 1), Suggestion(term: "riq", matches: 11, distance: 1),
            ])
        #expect(Spelling.suggestions(for: " Mortt ", in: names).first == Suggestion(term: "morty", matches: 42, distance: 1))
    }

    @Test func nothingNearIsNothingSuggested() {
        #expect(Spelling.suggestions(for: "zzzzzz", in: Self.known.characters.map(\.name)).isEmpty)
        #expect(Spelling.suggestions(for: "   ", in: ["Rick"]).isEmpty)
    }

    @Test func aClosedSetNamesItsNearest() {
        let statuses = ["alive", "dead", "unknown"]
        #expect(Spelling.nearest(to: "deadd", among: statuses) == "dead")
        #expect(Spelling.nearest(to: "Alve", among: statuses) == "alive")
        #expect(Spelling.nearest(to: "zombie", among: statuses) == nil)
    }

    @Test func hintsNameEachFilterThatAloneMatchesNothing() {
        let query = CharacterQuery(name: "rik", species: "humn", type: "parasite")
        let hints = NoMatchHints(query: query, known: Self.known.characters, complete: true).hints
        #expect(hints.map(\.filter) == [.name, .species], "a known type is no hint, whatever the others")
        #expect(hints.first?.suggestions.first?.term == "rick")
        #expect(hints.last?.suggestions == [Suggestion(term: "human", matches: 414, distance: 1)])
    }

    @Test func nothingKnownGivesNoHints() {
        #expect(NoMatchHints(query: CharacterQuery(name: "rik"), known: [], complete: false).hints.isEmpty)
    }

    /// A single character or a symbol is near nothing in particular.
    @Test(arguments: ["e", "🥒", "?!", "-"])
    func tooLittleToSuggestFrom(_ typed: String) {
        #expect(Spelling.suggestions(for: typed, in: Self.known.characters.map(\.name)).isEmpty)
    }
}
