import APIServer
import Foundation
import LoupeHTTP
import LoupeImaging
import RickAndMortyAPI
import TestSupport
import Testing

@testable import LoupePipeline

/// The pipeline against the real loopback server, on real files.
@Suite struct ImagePipelineTests {
    /// What a server sends for answers that are stale at once (the cache's own lifetimes
    /// apply only when the server says nothing).
    static let expiring = "max-age=0"

    /// Removed when the test ends.
    let temporary: TemporaryFolder
    var folder: URL { temporary.url }

    init() throws {
        temporary = try TemporaryFolder()
    }

    func pipeline(
        _ base: URL?, configuration: DiskCacheConfiguration = DiskCacheConfiguration(), attempts: Int = 4,
        timeout: Duration = .seconds(10), maxBodyBytes: Int = 10 << 20, acceptsStale: Duration = .zero
    ) throws -> ImagePipeline {
        // Beside the datasets the tests make in `folder`: a cache takes no folder of other files.
        let disk = try DiskCache(root: folder.appendingPathComponent("cache"), configuration: configuration)
        let retry = RetryPolicy(maxAttempts: attempts, baseDelay: .milliseconds(5), maxDelay: .milliseconds(20))
        let fetcher = base.map { _ in
            ImageFetcher(
                transport: HTTPTransport(
                    configuration: TransportConfiguration(requestTimeout: timeout, maxBodyBytes: maxBodyBytes, retry: retry)))
        }
        // Stale answers are not accepted here: these tests follow the server's headers (RFC 9111).
        return ImagePipeline(
            configuration: .init(
                dataLoader: fetcher, dataCache: disk, dataCachePolicy: .storeOriginalDataAndThumbnails,
                acceptsStale: acceptsStale), delegate: PathKeys())
    }

    static func avatar(_ id: Int, under base: URL) -> URL {
        base.appendingPathComponent("character/avatar/\(id).jpeg")
    }

    static func fileBytes(_ id: Int, in dataset: Dataset = TestData.fixturesDataset) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: dataset.avatarFile(id: id)))
    }

    /// A dataset like the fixtures whose avatars folder holds only `files` (id → bytes).
    func dataset(with files: [Int: [UInt8]]) throws -> Dataset {
        let avatars = folder.appendingPathComponent("avatars-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: avatars, withIntermediateDirectories: true)
        for (id, bytes) in files { try Data(bytes).write(to: avatars.appendingPathComponent("\(id).jpeg")) }
        var dataset = TestData.fixturesDataset
        dataset.avatarsDirectory = avatars
        return dataset
    }

    @Test func downloadsOnceThenAnswersFromDisk() async throws {
        try await TestData.withServer { base in
            let url = Self.avatar(1, under: base)
            let first = try await pipeline(base).original(for: url)
            #expect(first.urlResponse?.status == .ok)
            #expect(first.bytes == (try Self.fileBytes(1)))
            // A new pipeline (another process, in effect) finds it on disk.
            let again = try pipeline(base)
            let second = try await again.original(for: url)
            #expect(second.cacheType == .disk)
            #expect(second.bytes == first.bytes)
            #expect(await again.statistics.downloads == 0)
        }
    }

    @Test func identicalRequestsShareOneDownloadAndOneDecode() async throws {
        // Latency keeps the first request in flight while the others arrive.
        try await TestData.withServer(faults: FaultPlan(latency: .milliseconds(300))) { base in
            let images = try pipeline(base)
            let url = Self.avatar(2, under: base)
            let circle = ImageProcessors.CircleThumbnail(size: 48)
            let results = try await withThrowingTaskGroup(of: Bitmap.self) { group in
                for _ in 0..<12 { group.addTask { try await images.thumbnail(for: url, circle: circle).image } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.count == 12)
            #expect(Set(results.map(\.pixels)).count == 1)
            let statistics = await images.statistics
            #expect(statistics.downloads == 1)
            #expect(statistics.processed == 1)
            #expect(statistics.coalesced >= 11)
            // Now from memory, with no further work.
            #expect(try await images.thumbnail(for: url, circle: circle).cacheType == .memory)
        }
    }

    @Test func aThumbnailComesBackFromDiskWithTheSamePixels() async throws {
        try await TestData.withServer { base in
            let url = Self.avatar(3, under: base)
            let circle = ImageProcessors.CircleThumbnail(size: 64, ring: RGBA(76, 196, 96))
            let made = try await pipeline(base).thumbnail(for: url, circle: circle)
            #expect(made.image == (try Thumbnailer(circle: circle).thumbnail(Self.fileBytes(3))))
            let reread = try await pipeline(base).thumbnail(for: url, circle: circle)
            #expect(reread.cacheType == .disk)
            #expect(reread.image == made.image)
            // Another size is another variant of the same original: no second download.
            let other = try pipeline(base)
            let small = try await other.thumbnail(for: url, circle: ImageProcessors.CircleThumbnail(size: 32))
            #expect(small.image.width == 32)
            #expect(await other.statistics.downloads == 0)
            #expect(await other.statistics.originalHits == 1)
        }
    }

    /// Small thumbnails are kept compressed; large ones are made from the kept original each time.
    @Test func onlyThumbnailsUpToTheLargestStoredAreKeptCompressed() async throws {
        try await TestData.withServer { base in
            let url = Self.avatar(5, under: base)
            let images = try pipeline(base)
            let small = ImageProcessors.CircleThumbnail(size: 64)
            let large = ImageProcessors.CircleThumbnail(size: images.configuration.processedImageStorage.largestStored + 1, ring: RGBA(76, 196, 96))
            let kept = try await images.thumbnail(for: url, circle: small)
            let body = try #require(images.disk.entry(for: images.key(for: url, processors: [small]))?.body)
            #expect(body.count < 64 * 64 * 4 / 2, "a 64 px thumbnail is kept compressed: \(body.count) bytes")
            #expect(try ImageDecoder().decode(body) == kept.image)

            let made = try await images.thumbnail(for: url, circle: large)
            #expect(made.made && !images.disk.contains(images.key(for: url, processors: [large])))
            // Another process, with nothing in memory: made again from the original on disk.
            let later = try pipeline(base)
            let again = try await later.thumbnail(for: url, circle: large)
            #expect(again.made && again.image == made.image)
            #expect(await later.statistics.downloads == 0)
            #expect(await later.statistics.originalHits == 1)
        }
    }

    @Test func aStaleEntryIsRenewedByA304WithoutADownload() async throws {
        try await TestData.withServer(cacheControl: Self.expiring) { base in
            _ = try await pipeline(base, configuration: DiskCacheConfiguration()).original(for: Self.avatar(4, under: base))
        }
        // The same API again, now saying avatars keep 30 days: the 304 renews the copy for that long.
        try await TestData.withServer { base in
            let url = Self.avatar(4, under: base)
            let images = try pipeline(base, configuration: DiskCacheConfiguration())
            let before = Date()
            let renewed = try await images.original(for: url)
            #expect(renewed.urlResponse?.status == .notModified)
            #expect(renewed.bytes == (try Self.fileBytes(4)))
            #expect(await images.statistics.downloads == 0)
            #expect(await images.statistics.revalidated == 1)
            let entry = try #require(images.disk.entry(for: images.key(for: url)))
            #expect(entry.metadata.expiresAt > before.addingTimeInterval(29 * 24 * 3600))
            #expect(try await images.original(for: url).cacheType == .disk)
        }
    }

    @Test func aRefreshAsksAboutAFreshCopyAndRemakesOnlyWhatChanged() async throws {
        let circle = ImageProcessors.CircleThumbnail(size: 40)
        let before = try dataset(with: [5: Self.fileBytes(5), 7: Self.fileBytes(7)])
        let after = try dataset(with: [5: Self.fileBytes(6), 7: Self.fileBytes(7)])
        // Fresh for 30 days (the server's default): an ordinary request would not ask again.
        let old = try await TestData.withServer(before) { base in
            let images = try pipeline(base)
            _ = try await images.thumbnail(for: Self.avatar(7, under: base), circle: circle)
            return try await images.thumbnail(for: Self.avatar(5, under: base), circle: circle)
        }
        try await TestData.withServer(after) { base in
            let images = try pipeline(base)
            #expect(try await images.thumbnail(for: Self.avatar(5, under: base), circle: circle).cacheType == .disk)
            // A reload asks even though the copy is fresh; a new body means the thumbnail goes.
            let reloaded = try await images.original(for: Self.avatar(5, under: base), options: .reloadRevalidatingCachedData)
            #expect(reloaded.urlResponse?.status == .ok)
            images.cache.removeCachedImage(for: ImageRequest(url: Self.avatar(5, under: base), processors: [circle]))
            let changed = try await images.thumbnail(for: Self.avatar(5, under: base), circle: circle)
            #expect(changed.made && changed.cacheType == .disk)
            #expect(changed.image != old.image)
            #expect(changed.image == (try Thumbnailer(circle: circle).thumbnail(Self.fileBytes(6))))
            let same = try await images.original(for: Self.avatar(7, under: base), options: .reloadRevalidatingCachedData)
            #expect(same.urlResponse?.status == .notModified)
            #expect(await images.statistics.revalidated == 1, "the unchanged avatar cost a 304")
            #expect(await images.statistics.downloads == 1, "only the changed one was downloaded")
        }
    }

    @Test func aChangedImageIsDownloadedAgainAndItsThumbnailRemade() async throws {
        let expired = DiskCacheConfiguration(defaultLifetime: .zero)
        let circle = ImageProcessors.CircleThumbnail(size: 40)
        let before = try dataset(with: [5: Self.fileBytes(5)])
        let after = try dataset(with: [5: Self.fileBytes(6)])
        let old = try await TestData.withServer(before, cacheControl: Self.expiring) { base in
            try await pipeline(base, configuration: expired).thumbnail(for: Self.avatar(5, under: base), circle: circle)
        }
        // The same API (same identity), another address, another image behind the same path.
        try await TestData.withServer(after, cacheControl: Self.expiring) { base in
            let images = try pipeline(base, configuration: expired)
            let new = try await images.thumbnail(for: Self.avatar(5, under: base), circle: circle)
            #expect(new.urlResponse?.status == .ok)
            #expect(new.image != old.image)
            #expect(new.image == (try Thumbnailer(circle: circle).thumbnail(Self.fileBytes(6))))
            #expect(try await images.original(for: Self.avatar(5, under: base)).bytes == (try Self.fileBytes(6)))
        }
    }

    @Test func aBodyThatIsNotAnImageIsRefusedAndNothingIsStored() async throws {
        let page = Array("<!DOCTYPE html><html><body>Service Unavailable</body></html>".utf8)
        var truncated = try Self.fileBytes(7)
        truncated.removeLast(truncated.count / 3)
        let served = try dataset(with: [8: page, 9: truncated])
        try await TestData.withServer(served) { base in
            let images = try pipeline(base)
            await #expect {
                _ = try await images.original(for: Self.avatar(8, under: base))
            } throws: { error in
                guard case .notAnImage(_, let firstBytes) = error as? ImagePipeline.Error else { return false }
                return firstBytes.contains("<!DOCTYP")
            }
            let cut = HTTPError.incompleteBody(url: Self.avatar(9, under: base).absoluteString, receivedBytes: truncated.count)
            await #expect {
                _ = try await images.original(for: Self.avatar(9, under: base))
            } throws: { error in
                guard case .dataLoadingFailed(let url, let underlying) = error as? ImagePipeline.Error else { return false }
                return url == Self.avatar(9, under: base).absoluteString && underlying as? HTTPError == cut
            }
            #expect(images.disk.usage().entries == 0)
            await #expect {
                _ = try await images.original(for: Self.avatar(10, under: base))
            } throws: { error in
                guard case .statusCodeUnacceptable(let status, let url) = error as? ImagePipeline.Error else { return false }
                return status == 404 && url == Self.avatar(10, under: base).absoluteString
            }
        }
    }

    /// A whole JPEG whose header claims 60000x60000 pixels: refused before any allocation, the
    /// decoder's own error kept as the cause, and the original dropped.
    @Test func anImageOverTheLimitsKeepsTheDecodersErrorAsItsCause() async throws {
        var huge = try Self.fileBytes(1)
        try #require(ImageSniffer.format(of: huge) == .jpeg)
        let sof = try #require(huge.indices.dropLast(8).first { huge[$0] == 0xFF && (0xC0...0xC2).contains(huge[$0 + 1]) })
        huge.replaceSubrange((sof + 5)..<(sof + 9), with: [0xEA, 0x60, 0xEA, 0x60])
        try await TestData.withServer(try dataset(with: [1: huge])) { base in
            let images = try pipeline(base)
            await #expect {
                _ = try await images.thumbnail(for: Self.avatar(1, under: base), circle: ImageProcessors.CircleThumbnail(size: 24))
            } throws: { error in
                guard case .decodingFailed(_, let cause) = error as? ImagePipeline.Error,
                    case .tooLarge(let width, let height, _) = cause
                else { return false }
                return width == 60000 && height == 60000
            }
            #expect(images.disk.usage().entries == 0)
        }
    }

    @Test func offlineAnyAgeIsGoodAndAMissSaysWhatToDo() async throws {
        let expired = DiskCacheConfiguration(defaultLifetime: .zero)
        try await TestData.withServer(cacheControl: Self.expiring) { base in
            _ = try await pipeline(base, configuration: expired).thumbnail(
                for: Self.avatar(11, under: base), circle: ImageProcessors.CircleThumbnail(size: 24))
        }
        // Offline, avatar URLs come from cached API answers, which keep the real service's root:
        // keyed relative to the API, they find what was fetched through a loopback port.
        let canonical = try #require(URL(string: APIRoot.realService.description))
        let offline = try pipeline(nil, configuration: expired)
        #expect(try await offline.original(for: Self.avatar(11, under: canonical)).bytes == (try Self.fileBytes(11)))
        let thumbnail = try await offline.thumbnail(
            for: Self.avatar(11, under: canonical), circle: ImageProcessors.CircleThumbnail(size: 24))
        #expect(thumbnail.cacheType == .disk)
        await #expect {
            _ = try await offline.original(for: Self.avatar(12, under: canonical))
        } throws: { error in
            guard case .dataMissingInCache(let url) = error as? ImagePipeline.Error else { return false }
            return url == Self.avatar(12, under: canonical).absoluteString
        }
    }

    @Test func aStaleCopyIsServedWhenTheServerIsGone() async throws {
        let expired = DiskCacheConfiguration(defaultLifetime: .zero)
        let url = try await TestData.withServer(cacheControl: Self.expiring) { base in
            let url = Self.avatar(13, under: base)
            _ = try await pipeline(base, configuration: expired).original(for: url)
            return url
        }
        let base = url.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let stale = try await pipeline(base, configuration: expired, attempts: 1).original(for: url)
        #expect(stale.isStaleAfterError)
        #expect(stale.bytes == (try Self.fileBytes(13)))
    }

    @Test func everyAvatarArrivesWholeThroughAFaultyServer() async throws {
        let faults = FaultPlan(
            failRate: 0.1, throttleRate: 0.05, truncateRate: 0.05, dropRate: 0.05, retryAfterSeconds: 0, seed: 11)
        try await TestData.withServer(faults: faults) { base in
            let images = try pipeline(base, attempts: 10)
            let ids = TestData.fixturesDataset.characters.map(\.id)
            let wrong = try await withThrowingTaskGroup(of: Int?.self) { group in
                for id in ids {
                    group.addTask {
                        let bytes = try await images.original(for: Self.avatar(id, under: base)).bytes
                        return bytes == (try Self.fileBytes(id)) ? nil : id
                    }
                }
                return try await group.reduce(into: [Int]()) { if let id = $1 { $0.append(id) } }
            }
            #expect(wrong.isEmpty)
            #expect(await images.statistics.downloads == ids.count)
            #expect(images.disk.verify().removed.isEmpty)
        }
    }
}
