import APIServer
import Foundation
import TestSupport
import Testing

@testable import RickAndMortyAPI

/// The HTTP client against the real loopback server over the committed Fixtures/.
@Suite struct ClientIntegrationTests {
    let dataset = TestData.fixturesDataset

    @Test func searchMatchesTheDatasetFilteredLocally() async throws {
        let expected = dataset.characters.filter { $0.name.lowercased().contains("rick") }
        try await TestData.withServer { base async throws in
            let page = try await TestData.client(base).characters(CharacterQuery(name: "rick"))
            #expect(page.count == expected.count)
            #expect(page.pages == (expected.count + 19) / 20)
            #expect(page.items.map(\.id) == expected.prefix(20).map(\.id))
            #expect(page.items.first?.name == "Rick Sanchez")
        }
    }

    @Test func allPagesFollowNextUntilTheEnd() async throws {
        try await TestData.withServer { base async throws in
            let client = TestData.client(base)
            var numbers: [Int] = []
            var ids: [Int] = []
            for try await page in client.pages(CharacterQuery(status: .dead)) {
                numbers.append(page.number)
                ids += page.items.map(\.id)
            }
            let expected = dataset.characters.filter { $0.status == "Dead" }.map(\.id)
            #expect(ids == expected)
            #expect(numbers == Array(1...((expected.count + 19) / 20)))
        }
    }

    @Test func noMatchAndPastTheLastPageAreEmptyPagesNotErrors() async throws {
        try await TestData.withServer { base async throws in
            let client = TestData.client(base)
            let none = try await client.characters(CharacterQuery(name: "zzzz-no-such-name"))
            #expect(none == .empty(number: 1))
            let past = try await client.characters(CharacterQuery(page: 43))
            #expect(past.items.isEmpty && past.count == 0)
        }
    }

    @Test func characterByIDMapsToTheDomainModel() async throws {
        try await TestData.withServer { base async throws in
            let rick = try await TestData.client(base).character(id: 1)
            #expect(rick.name == "Rick Sanchez")
            #expect(rick.status == .alive)
            #expect(rick.gender == .male)
            #expect(rick.origin == PlaceReference(name: "Earth (C-137)", id: 1))
            #expect(rick.episodeIDs == Array(1...51))
            #expect(rick.image == "character/avatar/1.jpeg")
        }
    }

    @Test func createdDatesParseWithFractionalSeconds() async throws {
        try await TestData.withServer { base async throws in
            let rick = try await TestData.client(base).character(id: 1)
            let raw = try #require(dataset.characters.first { $0.id == 1 }?.created)
            let parsed = try Date(raw, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
            #expect(rick.created == parsed)
            #expect(raw.hasSuffix("Z") && raw.contains("."))
        }
    }

    @Test func batchesReturnArraysEvenForOneID() async throws {
        try await TestData.withServer { base async throws in
            let client = TestData.client(base)
            #expect(try await client.characters(ids: [3, 1, 2, 2]).map(\.id) == [1, 2, 3])
            #expect(try await client.characters(ids: [5]).map(\.id) == [5])
            #expect(try await client.characters(ids: []).isEmpty)
            #expect(try await client.characters(ids: [1, 99_999]).map(\.id) == [1])
            #expect(try await client.episodes(ids: [1, 2]).map(\.code) == ["S01E01", "S01E02"])
            #expect(try await client.locations(ids: [1, 3]).map(\.name) == ["Earth (C-137)", "Citadel of Ricks"])
        }
    }

    @Test func unknownIDIsNotFoundNamingTheID() async throws {
        try await TestData.withServer { base async throws in
            let client = TestData.client(base)
            await #expect(throws: APIError.notFound(resource: .character, id: 99_999)) {
                try await client.character(id: 99_999)
            }
            await #expect(throws: APIError.notFound(resource: .episode, id: 52)) {
                try await client.episode(id: 52)
            }
        }
    }

    @Test func episodeAndLocationFilters() async throws {
        try await TestData.withServer { base async throws in
            let client = TestData.client(base)
            let seasonOne = try await client.episodes(EpisodeQuery(filters: [.episode: "S01"]))
            #expect(seasonOne.count == 11)
            #expect(seasonOne.items.allSatisfy { $0.code.hasPrefix("S01") })
            let planets = try await client.locations(LocationQuery(filters: [.type: "planet"]))
            #expect(planets.count == dataset.locations.filter { ($0.type ?? "").lowercased().contains("planet") }.count)
            #expect(planets.count > 0)
        }
    }

    @Test func retriesThroughInjectedFaultsAndGetsTheRightAnswer() async throws {
        let faults = FaultPlan(failRate: 0.3, throttleRate: 0.2, truncateRate: 0.2, dropRate: 0.2, retryAfterSeconds: 0, seed: 7)
        try await TestData.withServer(faults: faults) { base async throws in
            let client = TestData.client(base, attempts: 12)
            let all = try await client.pages(CharacterQuery()).allItems()
            #expect(all.map(\.id) == Array(1...826))
        }
    }

    @Test(.enabled(if: TestData.realData != nil, Comment(rawValue: TestData.realDataMissing)))
    func realDataAnswersAsTheRealService() async throws {
        let folder = try #require(TestData.realData)
        let dataset = try Dataset.load(from: folder)
        try await TestData.withServer(dataset) { base async throws in
            let client = TestData.client(base)
            let rick = try await client.characters(CharacterQuery(name: "rick"))
            #expect(rick.count == 107 && rick.pages == 6)
            let alive = try await client.characters(CharacterQuery(name: "rick", status: .alive))
            #expect(alive.count == 29 && alive.pages == 2)
            #expect(try await client.characters(CharacterQuery(gender: .male)).count == 610)
            #expect(try await client.characters(ids: [1, 2, 3]).count == 3)
            #expect(try await client.character(id: 1).name == "Rick Sanchez")
            #expect(try await client.pages(CharacterQuery(name: "rick", status: .alive)).allItems().count == 29)
        }
    }
}
