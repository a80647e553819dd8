import RickAndMortyAPI
import TestSupport
import Testing
import UseCases

/// `show NAME` and `location NAME`: which name picks one, and what is listed otherwise.
@Suite struct NameLookupTests {
    typealias Named = (id: Int, name: String)

    func pick(_ text: String, _ names: [String], total: Int? = nil) -> NameLookup.Outcome<Named> {
        let candidates = names.enumerated().map { (id: $0.offset + 1, name: $0.element) }
        return NameLookup.pick(text, among: candidates, total: total ?? candidates.count, name: \.name)
    }

    func found(_ outcome: NameLookup.Outcome<Named>) -> String? {
        if case .found(let item, _) = outcome { return item.name }
        return nil
    }

    /// The one found and the ids of its namesakes.
    func namesakes(_ outcome: NameLookup.Outcome<Named>) -> (Int, [Int])? {
        if case .found(let item, let others) = outcome { return (item.id, others.map(\.id)) }
        return nil
    }

    func several(_ outcome: NameLookup.Outcome<Named>) -> [String]? {
        if case .several(let items, _) = outcome { return items.map(\.name) }
        return nil
    }

    @Test func aWholeNameInAnyCaseWinsOverLongerOnes() {
        #expect(found(pick("morty smith", ["Morty Smith", "Morty Smithers", "Evil Morty Smith"])) == "Morty Smith")
    }

    @Test func theOnlyNameThatStartsSoIsPicked() {
        #expect(found(pick("rick", ["Rick Sanchez", "Juggling Rick", "Doofus Rick"])) == "Rick Sanchez")
    }

    @Test func theOnlyCandidateIsPicked() {
        #expect(found(pick("squanch", ["Squanchy"])) == "Squanchy")
    }

    @Test func severalAreListedClosestFirst() {
        #expect(
            several(pick("juggling", ["Juggling Rick", "Big Juggling Morty", "Juggling Morty"]))
                == ["Juggling Rick", "Juggling Morty", "Big Juggling Morty"])
    }

    @Test func aNameSeveralShareShowsTheLowestIdAndNamesTheOthers() throws {
        let outcome = try #require(
            namesakes(pick("rick sanchez", ["Rick Sanchez", "Rick Sanchez Jr", "Rick Sanchez", "Rick Sanchez"])))
        #expect(outcome.0 == 1)
        #expect(outcome.1 == [3, 4])
        // Even when not every candidate was read: the exact name is what people mean.
        #expect(namesakes(pick("juggling morty", ["Juggling Morty", "Juggling Morty"], total: 300))?.1 == [2])
    }

    @Test func aFitIsOnlyTheOnlyOneWhenEveryCandidateWasRead() {
        #expect(several(pick("rick", ["Rick Sanchez", "Juggling Rick"], total: 150)) == ["Rick Sanchez", "Juggling Rick"])
    }

    @Test func noCandidateIsNone() {
        guard case .none = pick("zzz", []) else {
            Issue.record("expected none")
            return
        }
    }

    @Test func findAsksTheServerAndPicks() async throws {
        let (morty, citadel) = try await TestData.withServer { base in
            let client = TestData.client(base)
            return (
                try await NameLookup.find("morty smith", RMCharacter.self, client: client),
                try await NameLookup.find("citadel", Location.self, client: client)
            )
        }
        if case .found(let character, let others) = morty {
            #expect(character.id == 2)
            #expect(others.isEmpty)
        } else {
            Issue.record("expected Morty, got \(morty)")
        }
        if case .several(let places, let total) = citadel {
            #expect(places.map(\.id) == [3, 9, 51, 77, 121])
            #expect(total == 5)
        } else {
            Issue.record("expected the five citadels, got \(citadel)")
        }
    }
}
