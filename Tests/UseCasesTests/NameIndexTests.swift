import Foundation
import LoupeHTTP
import LoupePipeline
import RickAndMortyAPI
import TestSupport
import Testing
import UseCases

/// One local index of names: built from a cache that holds a whole listing, kept beside it,
/// dropped when one of its pages is stored again, read back with every field checked; and the
/// client that folds names through it, against the real server.
@Suite struct NameIndexTests {
    let temporary: TemporaryFolder

    init() throws {
        temporary = try TemporaryFolder()
    }

    /// The bundled dataset with names spelled as the real data spells some.
    static let dataset: Dataset = {
        var dataset = TestData.fixturesDataset
        let names = [1: "Morty’s Lawyer", 2: "Martínez", 3: "Tony's Dad", 4: "Dipper and Mabel Mortys", 5: "Secretary at Tony’s"]
        for index in dataset.characters.indices {
            if let name = names[dataset.characters[index].id] { dataset.characters[index].name = name }
        }
        return dataset
    }()

    /// A client through a fresh cache, and that cache.
    func client(_ base: URL) throws -> (HTTPRickAndMortyClient, DiskResponseCache) {
        let responses = DiskResponseCache(
            disk: try DiskCache(root: temporary.url), identity: APIIdentity(name: "test", root: TestData.root(base)))
        let transport = HTTPTransport(configuration: TransportConfiguration(requestTimeout: .seconds(10)))
        return (HTTPRickAndMortyClient(root: TestData.root(base), transport: transport, cache: responses), responses)
    }

    @Test func aCacheWithAWholeListingIsIndexedOnceAndTheIndexGoesWhenAPageIsStoredAgain() async throws {
        try await TestData.withServer(Self.dataset) { base in
            let (client, responses) = try client(base)
            _ = try await client.allPages(EpisodeQuery())
            // Characters are not all cached: only episodes are indexed.
            _ = try await client.characters(CharacterQuery())
            let partial = NameIndex.cached(in: responses)
            #expect(partial[.character] == nil)
            #expect(partial[.episode]?.count == Self.dataset.episodes.count)
            #expect(partial[.episode]?.first?.code == "S01E01")
            // Stored again when a page of a listing is: the next read sees the characters too.
            _ = try await client.allPages(CharacterQuery())
            #expect(responses.disk.entry(for: NameIndex.key(responses.identity)) == nil)
            let index = NameIndex.cached(in: responses)
            let characters = try #require(index[.character])
            #expect(characters.map(\.id) == Self.dataset.characters.map(\.id))
            #expect(characters.first?.folded == "morty's lawyer")
            #expect(characters.first?.weight == Self.dataset.characters.first?.episode.count)
            #expect(responses.disk.entry(for: NameIndex.key(responses.identity)) != nil)
            // A search's own pages leave it be.
            _ = try await client.characters(CharacterQuery(name: "rick"))
            #expect(responses.disk.entry(for: NameIndex.key(responses.identity)) != nil)
        }
    }

    @Test func namesFoldThroughTheIndexWhereTheAPIMatchesLettersAsSent() async throws {
        try await TestData.withServer(Self.dataset) { base in
            let (http, responses) = try client(base)
            _ = try await http.allPages(CharacterQuery())
            let client = FoldingClient(http) { NameIndex.cached(in: responses) }
            func ids(_ query: CharacterQuery) async throws -> [Int] { try await client.allPages(query).flatMap(\.items).map(\.id) }
            #expect(try await ids(CharacterQuery(name: "morty's")) == [1])
            #expect(try await ids(CharacterQuery(name: "MORTY’S LAWYER")) == [1])
            #expect(try await ids(CharacterQuery(name: "martinez")) == [2])
            #expect(try await ids(CharacterQuery(name: "tony's")) == [3, 5])
            // The other filters apply as the API applies them.
            func status(_ id: Int) -> String? { Self.dataset.characters.first { $0.id == id }?.status }
            let wanted = try #require(status(5))
            #expect(try await ids(CharacterQuery(filters: [.name: "tony's", .status: wanted])) == [3, 5].filter { status($0) == wanted })
            // Where folding finds what the API finds, the API answers, pages and counts as its own.
            let rick = try await client.characters(CharacterQuery(name: "rick"))
            let asSent = try await http.characters(CharacterQuery(name: "rick"))
            #expect(rick == asSent)
            let ricks = Self.dataset.characters.filter { $0.name.lowercased().contains("rick") }.count
            #expect(rick.count == ricks)
        }
    }

    @Test func anIndexReadsBackAndCraftedBytesAreRefused() throws {
        let index = NameIndex([
            .character: [.init(id: 2, name: "Morty\u{1B}[2J’s\tLawyer\n", weight: 3), .init(id: 1, name: "Rick Sanchez", weight: 51)],
            .episode: [.init(id: 1, name: "Pilot", code: "S01E01")],
        ])
        #expect(index[.character]?.map(\.id) == [1, 2])
        #expect(index[.character]?.last?.name == "Morty’s Lawyer ")
        let read = try #require(NameIndex(encoded: index.encoded()))
        #expect(read[.character] == index[.character])
        #expect(read[.episode] == index[.episode])
        #expect(read[.location] == nil)
        let good = String(decoding: index.encoded(), as: UTF8.self)
        for bad in [
            "", "rickdex names 2\n", good.replacingOccurrences(of: "\t51\t", with: "\t-1\t"),
            good.replacingOccurrences(of: "character\t1\t", with: "character\t0\t"),
            good.replacingOccurrences(of: "Pilot", with: String(repeating: "p", count: 5000)), String(good.dropLast()),
            good.replacingOccurrences(of: "episode\t", with: "planet\t"), good + "character\t9\n",
        ] {
            #expect(NameIndex(encoded: Array(bad.utf8)) == nil, "\(bad.prefix(80))")
        }
    }
}
