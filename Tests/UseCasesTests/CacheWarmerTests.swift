import APIServer
import Foundation
import LoupeHTTP
import LoupeImaging
import RickAndMortyAPI
import TestSupport
import Testing

@testable import LoupePipeline
@testable import UseCases

/// `CacheWarmer` against the real loopback server, on real files: what it stores, what it
/// reports, and what it does with faults.
@Suite struct CacheWarmerTests {
    let temporary: TemporaryFolder

    init() throws {
        temporary = try TemporaryFolder()
    }

    /// A warmer on a fresh cache in the temporary folder, through `base`.
    func warmer(_ base: URL, attempts: Int = 4) throws -> CacheWarmer {
        let disk = try DiskCache(root: temporary.url)
        let identity = APIIdentity(name: "test", root: TestData.root(base))
        let retry = RetryPolicy(maxAttempts: attempts, baseDelay: .milliseconds(5), maxDelay: .milliseconds(20))
        let transport = HTTPTransport(configuration: TransportConfiguration(requestTimeout: .seconds(10), retry: retry))
        let responses = DiskResponseCache(disk: disk, identity: identity)
        var warmer = CacheWarmer(
            client: HTTPRickAndMortyClient(root: TestData.root(base), transport: transport, cache: responses),
            images: .keyed(by: identity, dataLoader: ImageFetcher(transport: transport), dataCache: disk),
            responses: responses)
        warmer.retryPause = .milliseconds(10)
        return warmer
    }

    static let ricks = TestData.fixturesDataset.characters.filter { $0.name.lowercased().contains("rick") }

    /// An avatar asked for by its path under the API fails naming the URL it was loaded from, as
    /// `ImageHosts` made it under the root: what a user can try with curl.
    @Test func aFailedAvatarNamesItsWholeURL() async throws {
        try await TestData.withServer { base in
            let root = TestData.root(base)
            let images = ImagePipeline.keyed(
                by: APIIdentity(name: "test", root: root), dataLoader: ImageFetcher(transport: HTTPTransport()),
                dataCache: try DiskCache(root: temporary.url))
            do {
                _ = try await images.image(for: ImageRequest(APIPath("character/avatar/99999.jpeg")))
                Issue.record("a missing avatar loaded")
            } catch {
                #expect(
                    error as? ImagePipeline.Error == .statusCodeUnacceptable(404, url: "\(root)/character/avatar/99999.jpeg"),
                    "\(error)")
            }
        }
    }

    @Test func aSearchIsWarmedWithEveryVariantTheViewsDrawAndASecondRunMakesNothing() async throws {
        try await TestData.withServer { base in
            let query = CharacterQuery(name: "rick")
            let first = try await warmer(base).warm(
                .characters(query), variants: AvatarVariant.catalog, pixelsPerColumn: 8)
            // Search rows and cast cells share 64 px plain, browse rows are 32; sheet cells (64
            // ringed) are the 64 px plain with the ring drawn on: two thumbnails a character kept.
            // Details (192 ringed) are made from the original when shown (`ProcessedImageStorage`).
            #expect(first.thumbnailSizes == [32, 64])
            #expect(first.avatars.total == Self.ricks.count && first.avatars.fetched == Self.ricks.count)
            #expect(first.thumbnailsWanted == 2 * Self.ricks.count && first.thumbnailsMade == 2 * Self.ricks.count)
            #expect(first.pages.total == (Self.ricks.count + 19) / 20 && first.pages.fetched == first.pages.total)
            #expect(first.failed == 0 && first.retried == 0)

            let second = try await warmer(base).warm(
                .characters(query), variants: AvatarVariant.catalog, pixelsPerColumn: 8)
            #expect(second.avatars.cached == Self.ricks.count && second.avatars.fetched == 0)
            #expect(second.thumbnailsMade == 0 && second.thumbnailsWanted == 2 * Self.ricks.count)
            #expect(second.pages.cached == first.pages.total && second.pages.fetched == 0)

            // Offline, every kept variant of every Rick comes from disk, and each detail is made
            // from the original on disk: nothing else is decoded, nothing is fetched.
            let offline = ImagePipeline.keyed(
                by: APIIdentity(name: "test", root: TestData.root(base)), dataLoader: nil, dataCache: try DiskCache(root: temporary.url))
            let warmer = try warmer(base)
            for character in try await warmer.client.allPages(query).flatMap(\.items) {
                for request in warmer.requests(AvatarVariant.catalog, for: character, pixelsPerColumn: 8) {
                    let size = try #require(request.processors.first as? ImageProcessors.CircleThumbnail).size
                    let thumbnail = try await offline.image(for: request)
                    #expect(thumbnail.made == (size > 128) && thumbnail.image.width == size)
                }
            }
            #expect(await offline.statistics.processed == Self.ricks.count)
        }
    }

    @Test func everythingMeansCharactersEpisodesAndLocationsPages() async throws {
        try await TestData.withServer { base in
            let report = try await warmer(base).warm(.everything, variants: [], pixelsPerColumn: 8)
            // 826 characters, 51 episodes and 126 locations, 20 a page.
            #expect(report.pages.total == 42 + 3 + 7 && report.pages.fetched == 52)
            #expect(report.avatars.fetched == 826 && report.thumbnailsWanted == 0)
            let offline = OfflineRickAndMortyClient(
                cache: DiskResponseCache(
                    disk: try DiskCache(root: temporary.url), identity: APIIdentity(name: "test", root: .realService)), root: .realService)
            #expect(try await offline.location(id: 126).id == 126)
            #expect(try await offline.episode(id: 51).id == 51)
        }
    }

    /// 10 % 500s, 5 % 429s, 5 % truncated bodies: with the transport's retries and the final pass,
    /// every page and avatar ends up cached, and whole.
    @Test func faultsCostRetriesNotHoles() async throws {
        let faults = FaultPlan(failRate: 0.1, throttleRate: 0.05, truncateRate: 0.05, seed: 7)
        try await TestData.withServer(faults: faults) { base in
            let report = try await warmer(base).warm(.everything, variants: [], pixelsPerColumn: 8)
            #expect(report.failed == 0, "\(report.failures)")
            #expect(report.avatars.total == 826 && report.pages.total == 52)
        }
        let offline = ImagePipeline.keyed(
            by: APIIdentity(name: "test", root: .realService), dataLoader: nil, dataCache: try DiskCache(root: temporary.url))
        for character in TestData.fixturesDataset.characters.prefix(100) {
            let same =
                try await offline.data(for: ImageRequest(APIPath("character/avatar/\(character.id).jpeg"))).bytes
                == [UInt8](
                    Data(contentsOf: TestData.fixturesDataset.avatarFile(id: character.id)))
            #expect(same, "avatar \(character.id)")
        }
    }

    /// A page that fails every time is tried again at the end, then named; the rest is warmed.
    @Test func aPageThatAlwaysFailsIsRetriedOnceThenNamed() async throws {
        let faults = FaultPlan(alwaysFailing: ["character?page=42"])
        try await TestData.withServer(faults: faults) { base in
            let report = try await warmer(base, attempts: 1).warm(.characters(CharacterQuery()), variants: [], pixelsPerColumn: 8)
            #expect(report.failures.map(\.item) == [.page(.character, 42)])
            // The cause is kept as a value: the server's 500, not a sentence about it.
            guard case .server(let status, _, _)? = report.failures.first?.error as? APIError else {
                Issue.record("expected the server's failure, got \(report.failures)")
                return
            }
            #expect(status == 500)
            #expect(report.retried == 1)
            // Page 42 holds 6 characters: asked for, never started.
            #expect(report.avatars.total == 826 && report.avatars.fetched == 820 && report.avatars.notStarted == 6)
            #expect(report.avatars.failed == 0)
            #expect(report.pages.total == 42 && report.pages.failed == 1)
        }
    }
}
