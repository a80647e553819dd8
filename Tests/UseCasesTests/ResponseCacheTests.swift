import APIServer
import Foundation
import LoupeHTTP
import RickAndMortyAPI
import TestSupport
import Testing

@testable import LoupePipeline
import UseCases

/// API answers through the disk tier, online and offline, against the real loopback server.
@Suite struct ResponseCacheTests {
    /// What a server sends for answers that are stale at once (the cache's own lifetimes
    /// apply only when the server says nothing).
    static let expiring = "max-age=0"

    /// Removed when the test ends.
    let temporary: TemporaryFolder
    var folder: URL { temporary.url }

    init() throws {
        temporary = try TemporaryFolder()
    }

    func responses(_ base: URL?, configuration: DiskCacheConfiguration = DiskCacheConfiguration()) throws -> DiskResponseCache {
        DiskResponseCache(
            disk: try DiskCache(root: folder, configuration: configuration),
            identity: APIIdentity(name: "test", root: base.map(TestData.root) ?? .realService))
    }

    func cachingClient(_ base: URL, _ cache: DiskResponseCache) -> HTTPRickAndMortyClient {
        HTTPRickAndMortyClient(root: TestData.root(base), transport: TestData.client(base).transport, cache: cache)
    }

    @Test func aFreshAnswerNeedsNoServer() async throws {
        let first = try await TestData.withServer { base in
            let page = try await cachingClient(base, try responses(base)).characters(CharacterQuery(name: "rick"))
            return (page, base)
        }
        #expect(first.0.count > 20)
        // The server is gone; the same request is answered from the cache.
        let again = try await cachingClient(first.1, try responses(first.1)).characters(CharacterQuery(name: "rick"))
        #expect(again == first.0, "the same page, URLs and all")
    }

    @Test func aStaleAnswerIsRenewedByA304() async throws {
        let expired = DiskCacheConfiguration(lifetimes: [.response: .zero])
        try await TestData.withServer(cacheControl: Self.expiring) { base in
            let fill = try responses(base, configuration: expired)
            _ = try await cachingClient(base, fill).character(id: 1)
            #expect(fill.statistics.stored == 1)
            let renew = try responses(base, configuration: expired)
            let rick = try await cachingClient(base, renew).character(id: 1)
            #expect(rick.name == "Rick Sanchez")
            #expect(renew.statistics.renewed == 1)
            #expect(renew.statistics.stored == 0)
        }
    }

    @Test func cachedAnswersFollowTheAPIToItsNewAddress() async throws {
        let firstBase = try await TestData.withServer { base in
            _ = try await cachingClient(base, try responses(base)).characters(CharacterQuery(page: 1))
            return base
        }
        try await TestData.withServer { base in
            #expect(base != firstBase)
            let page = try await cachingClient(base, try responses(base)).characters(CharacterQuery(page: 1))
            let root = TestData.root(base)
            #expect(page.items.allSatisfy { root.url(for: $0.image)?.absoluteString.hasPrefix(base.absoluteString + "/") == true })
        }
    }

    /// Answers are stored as received; the release before stored them with their URLs under the
    /// real service's root, under the same keys, in `v1/`. Such a cache reads the same, online and
    /// offline.
    @Test func anAnswerStoredByTheLastReleaseReadsTheSame() async throws {
        let stored = try await TestData.withServer { base in
            _ = try await cachingClient(base, try responses(base)).characters(CharacterQuery(page: 1))
            let received = try #require(try responses(base).response(for: "character?page=1"))
            #expect(String(decoding: received.body, as: UTF8.self).contains(base.absoluteString + "/character/avatar/1.jpeg"))
            return received
        }
        // What the last release wrote: the same entry, its URLs moved under the real service's root.
        let old = Array(
            String(decoding: stored.body, as: UTF8.self).replacingOccurrences(
                of: #"http://127\.0\.0\.1:[0-9]+/api"#, with: APIRoot.realService.description, options: .regularExpression
            ).utf8)
        let disk = try DiskCache(root: folder)
        let key = APIIdentity(name: "test", root: .realService).key(forPath: "character?page=1")
        try disk.store(
            old, metadata: disk.metadata(.response, key: key, url: "character?page=1", contentType: "application/json"), for: key)
        // And in the layout before, `v1/`, which the new release takes over.
        try FileManager.default.moveItem(at: folder.appendingPathComponent("v2"), to: folder.appendingPathComponent("v1"))
        try await TestData.withServer { base in
            let online = try await cachingClient(base, try responses(base)).characters(CharacterQuery(page: 1))
            #expect(online.items.first?.image == "character/avatar/1.jpeg")
        }
        let offline = try await OfflineRickAndMortyClient(cache: try responses(nil), root: .realService).characters(
            CharacterQuery(page: 1))
        #expect(offline.items.first?.image == "character/avatar/1.jpeg")
        #expect(offline.items.count == 20)
    }

    @Test func offlineWithNothingCachedNamesTheRequest() async throws {
        let offline = OfflineRickAndMortyClient(cache: try responses(nil), root: .realService)
        await #expect(throws: APIError.notCached(path: "character?page=1&name=rick")) {
            _ = try await offline.characters(CharacterQuery(name: "rick"))
        }
    }

    /// Once every unfiltered page is cached, offline answers equal the server's, page for page.
    @Test func offlineFilteringGivesTheServersResultsAndCounts() async throws {
        let queries: [CharacterQuery] = [
            CharacterQuery(name: "rick"), CharacterQuery(name: "rick", page: 3), CharacterQuery(status: .alive),
            CharacterQuery(gender: .male), CharacterQuery(gender: .female, page: 2), CharacterQuery(species: "hum"),
            CharacterQuery(name: "smith", status: .dead), CharacterQuery(type: "parasite"), CharacterQuery(name: "(rick"),
            CharacterQuery(name: "zzzz"), CharacterQuery(name: "rick", page: 99),
            CharacterQuery(filters: [.status: "ALIVE", .gender: "Male"]),
        ]
        try await TestData.withServer { base in
            let warm = cachingClient(base, try responses(base))
            _ = try await warm.pages(CharacterQuery()).allItems()
            _ = try await warm.pages(EpisodeQuery()).allItems()
            let server = TestData.client(base)
            let offline = OfflineRickAndMortyClient(cache: try responses(nil), root: .realService)
            for query in queries {
                let expected = try await server.characters(query)
                let answered = try await offline.characters(query)
                #expect(answered.count == expected.count, "\(query)")
                #expect(answered.pages == expected.pages, "\(query)")
                #expect(answered.items.map(\.id) == expected.items.map(\.id), "\(query)")
            }
            let episodeQuery = EpisodeQuery(filters: [.episode: "S02"])
            #expect(
                try await offline.episodes(episodeQuery).items.map(\.id)
                    == (try await server.episodes(episodeQuery)).items.map(\.id))
            let ids = [3, 1, 3, 9999, 2]
            #expect(try await offline.characters(ids: ids).map(\.id) == (try await server.characters(ids: ids)).map(\.id))
            #expect(
                try await offline.episodes(ids: [1, 2, 51]).map(\.name)
                    == (try await server.episodes(ids: [1, 2, 51])).map(\.name))
            let rick = try await offline.character(id: 1)
            #expect(rick.name == "Rick Sanchez")
            #expect(rick.image == "character/avatar/1.jpeg")
            await #expect(throws: APIError.notFound(resource: .character, id: 9999)) {
                _ = try await offline.character(id: 9999)
            }
            // Locations were not warmed: that is a miss, not an empty answer.
            await #expect(throws: APIError.notCached(path: "location?page=1")) {
                _ = try await offline.locations(LocationQuery())
            }
        }
    }

    // MARK: The server's caching headers

    @Test func aStaleAnswerStandsInWhenTheServerFailsUnlessItMustBeRevalidated() async throws {
        for (cacheControl, standsIn) in [("max-age=0", true), ("max-age=0, must-revalidate", false), ("no-cache", false)] {
            let folder = try TemporaryFolder()
            func client(_ base: URL) throws -> HTTPRickAndMortyClient {
                let cache = DiskResponseCache(
                    disk: try DiskCache(root: folder.url),
                    identity: APIIdentity(name: "test", root: TestData.root(base)))
                return cachingClient(base, cache)
            }
            let base = try await TestData.withServer(cacheControl: cacheControl) { (base: URL) async throws -> URL in
                let rick = try await client(base).character(id: 1)
                #expect(rick.name == "Rick Sanchez")
                return base
            }
            // The server is gone: the connection is refused.
            var answer: RMCharacter?
            var failure: (any Error)?
            do {
                answer = try await client(base).character(id: 1)
            } catch {
                failure = error
            }
            #expect(answer?.name == (standsIn ? "Rick Sanchez" : nil), "\(cacheControl)")
            #expect((failure is APIError) == !standsIn, "\(cacheControl): \(String(describing: failure))")
        }
    }

    @Test func aFailingProxyIsRetriedThenTheStaleCopyServes() async throws {
        let faults = FaultPlan(alwaysFailing: ["/api/character/1", "/api/character/2"])
        try await TestData.withServer(cacheControl: "max-age=0") { base in
            _ = try await cachingClient(base, try responses(base)).character(id: 1)
        }
        try await TestData.withServer(faults: faults, cacheControl: "max-age=0") { base in
            let cache = try responses(base)
            #expect(try await cachingClient(base, cache).character(id: 1).name == "Rick Sanchez")
            // A 500 page for a request never cached is an error, and is not stored.
            await #expect(throws: APIError.self) { _ = try await cachingClient(base, cache).character(id: 2) }
            #expect(cache.response(for: "character/2") == nil)
        }
    }

    @Test func noStoreAndVaryAreNeverWrittenAndMaxAgeSetsTheExpiry() async throws {
        for (cacheControl, stored) in [("no-store", false), ("public, max-age=120", true)] {
            try await TestData.withServer(cacheControl: cacheControl) { base in
                let cache = try responses(base)
                let before = Date()
                _ = try await cachingClient(base, cache).character(id: 1)
                let after = Date()
                let entry = cache.response(for: "character/1")
                #expect((entry != nil) == stored, "\(cacheControl)")
                if let entry {
                    // Stored some time between `before` and `after`, fresh for 120 s from then
                    // (times are kept to the millisecond).
                    #expect(entry.expiresAt >= before.addingTimeInterval(120 - 0.001))
                    #expect(entry.expiresAt <= after.addingTimeInterval(120 + 0.001))
                }
            }
        }
    }
}
