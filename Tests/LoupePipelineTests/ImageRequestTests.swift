import APIServer
import Foundation
import LoupeHTTP
import HTTPTypes
import LoupeImaging
import RickAndMortyAPI
import TestSupport
import Testing
import LoupeToolbox

@testable import LoupePipeline

/// `ImagePipeline.image(for:)`: processors, options, coalescing counted through a gate at the
/// loader seam, one stale policy, and a cache that cannot be written.
@Suite struct ImageRequestTests {
    let temporary: TemporaryFolder

    init() throws {
        temporary = try TemporaryFolder()
    }

    /// The default loader behind a gate: each load waits until `open()`, and is counted. The seam
    /// itself, over the real loopback server (Nuke's `MockDataLoader.isSuspended`, without the mock).
    final class GatedLoader: DataLoading {
        let inner: any DataLoading
        private let state = Locked<(loads: Int, open: Bool, waiting: [CheckedContinuation<Void, Never>], order: [URL])>(
            (0, false, [], []))

        init(_ inner: any DataLoading) { self.inner = inner }

        var loads: Int { state.withLock { $0.loads } }
        /// The URLs in the order their loads reached the loader.
        var order: [URL] { state.withLock { $0.order } }

        func open() {
            let waiting = state.withLock { state in
                state.open = true
                defer { state.waiting = [] }
                return state.waiting
            }
            for continuation in waiting { continuation.resume() }
        }

        func loadData(for request: DataRequest, progress: @escaping @Sendable (Int, Int?) -> Void) async throws -> Download {
            await withCheckedContinuation { continuation in
                let passes = state.withLock { state -> Bool in
                    state.loads += 1
                    state.order.append(request.url)
                    if !state.open { state.waiting.append(continuation) }
                    return state.open
                }
                if passes { continuation.resume() }
            }
            return try await inner.loadData(for: request, progress: progress)
        }
    }

    func pipeline(_ base: URL?, loader: (any DataLoading)?) throws -> ImagePipeline {
        ImagePipeline(
            configuration: .init(
                dataLoader: loader, dataCache: try DiskCache(root: temporary.url),
                dataCachePolicy: .storeOriginalDataAndThumbnails, acceptsStale: .zero), delegate: PathKeys())
    }

    static func fetcher() -> ImageFetcher {
        ImageFetcher(transport: HTTPTransport(configuration: TransportConfiguration(retry: .none)))
    }

    static func avatar(_ id: Int, _ base: URL) -> URL { base.appendingPathComponent("character/avatar/\(id).jpeg") }

    /// Waits (looking every millisecond, no bound) until `requests` callers wait on request flights and
    /// `originals` on the original's.
    static func untilWaiting(_ pipeline: ImagePipeline, requests: Int, originals: Int = 0) async throws {
        try await ImageTaskTests.until {
            let waiting = await (requests: pipeline.requests.waiting, originals: pipeline.loads.waiting)
            return waiting.requests >= requests && waiting.originals >= originals
        }
    }

    @Test func fiftyRequestsForOneImageAndOneChainLoadOnceAndProcessOnce() async throws {
        try await TestData.withServer { base in
            let loader = GatedLoader(Self.fetcher())
            let images = try pipeline(base, loader: loader)
            let request = ImageRequest(url: Self.avatar(1, base), processors: [ImageProcessors.Resize(side: 48)])
            let responses = try await withThrowingTaskGroup(of: ImageResponse.self) { group in
                for _ in 0..<50 { group.addTask { try await images.image(for: request) } }
                try await Self.untilWaiting(images, requests: 49)
                loader.open()
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(loader.loads == 1)
            #expect(await images.statistics.downloads == 1)
            #expect(await images.statistics.processed == 1)
            #expect(responses.allSatisfy { $0.image == responses[0].image } && responses[0].image.width == 48)
        }
    }

    @Test func fiveChainsShareOneDownloadAndEachStepIsMadeOnce() async throws {
        try await TestData.withServer { base in
            let loader = GatedLoader(Self.fetcher())
            let images = try pipeline(base, loader: loader)
            let url = Self.avatar(2, base)
            let chains: [[any ImageProcessing]] = [
                [ImageProcessors.Resize(side: 32)], [ImageProcessors.Resize(side: 64)],
                [ImageProcessors.Resize(side: 64), ImageProcessors.Circle()],
                [ImageProcessors.CircleThumbnail(size: 40)], [ImageProcessors.Resize(side: 40), ImageProcessors.RoundedCorners(radius: 6)],
            ]
            try await withThrowingTaskGroup(of: Void.self) { group in
                for chain in chains {
                    for _ in 0..<10 { group.addTask { _ = try await images.image(for: ImageRequest(url: url, processors: chain)) } }
                }
                // 45 wait on the five requests' flights, and four of those on the one original.
                try await Self.untilWaiting(images, requests: 45, originals: 4)
                loader.open()
                try await group.waitForAll()
            }
            #expect(loader.loads == 1)
            // Six steps, each made once: `[resize 64, circle]` starts from `[resize 64]`'s image,
            // and `[resize 40, rounded corners]` from a `[resize 40]` made on the way.
            #expect(await images.statistics.downloads == 1)
            #expect(await images.statistics.processed == 6)
        }
    }

    @Test func optionsChooseTheCachesARequestUses() async throws {
        try await TestData.withServer(cacheControl: "max-age=0") { base in
            let images = try pipeline(base, loader: Self.fetcher())
            let url = Self.avatar(3, base)
            let circle: [any ImageProcessing] = [ImageProcessors.CircleThumbnail(size: 32)]
            // Cache only, before anything is cached: a miss, and nothing asked.
            await #expect {
                _ = try await images.image(for: ImageRequest(url: url, processors: circle, options: .returnCacheDataDontLoad))
            } throws: { error in
                guard case .dataMissingInCache(let missing) = error as? ImagePipeline.Error else { return false }
                return missing == url.absoluteString
            }
            #expect(await images.statistics.downloads == 0)
            // Loaded without writing the disk: nothing is kept there.
            let unkept = try await images.image(
                for: ImageRequest(url: url, processors: circle, options: [.disableDiskCacheWrites, .disableMemoryCacheWrites]))
            #expect(unkept.urlResponse?.status == .ok && unkept.made)
            #expect(!images.disk.contains(images.key(for: url)))
            // Loaded and kept; then the memory answers, and the caches alone serve it offline.
            _ = try await images.image(for: ImageRequest(url: url, processors: circle))
            #expect(try await images.image(for: ImageRequest(url: url, processors: circle)).cacheType == .memory)
            let fromDisk = try await images.image(
                for: ImageRequest(url: url, processors: circle, options: [.returnCacheDataDontLoad, .disableMemoryCacheReads]))
            #expect(fromDisk.cacheType == .disk && fromDisk.image == unkept.image)
            // A revalidating reload asks the origin, which confirms the copy (a 304).
            let reloaded = try await images.image(
                for: ImageRequest(url: url, processors: circle, options: .reloadRevalidatingCachedData))
            #expect(reloaded.urlResponse?.status == .notModified && reloaded.image == unkept.image)
            #expect(await images.statistics.downloads == 2)
            // Nuke's reload reads no cache: it downloads and makes the image again, and keeps it.
            let ignoring = try await images.image(for: ImageRequest(url: url, processors: circle, options: .reloadIgnoringCachedData))
            #expect(ignoring.urlResponse?.status == .ok && ignoring.made && ignoring.image == unkept.image)
            #expect(await images.statistics.downloads == 3)
        }
    }

    @Test func aCacheKeyNamesAnImageWhateverItsURL() async throws {
        try await TestData.withServer { base in
            let images = try pipeline(base, loader: Self.fetcher())
            let signed = Self.avatar(4, base).appending(queryItems: [URLQueryItem(name: "signature", value: "abc")])
            let resigned = Self.avatar(4, base).appending(queryItems: [URLQueryItem(name: "signature", value: "def")])
            _ = try await images.image(for: ImageRequest(url: signed, imageID: "avatar-4"))
            let again = try await images.image(
                for: ImageRequest(url: resigned, options: .disableMemoryCacheReads, imageID: "avatar-4"))
            #expect(again.cacheType == .disk)
            #expect(await images.statistics.downloads == 1)
        }
    }

    /// A stale copy stands in whenever the origin fails, a 500 included, as a stale API answer
    /// does; not when it was stored `must-revalidate`.
    @Test(arguments: [("max-age=0", true), ("max-age=0, must-revalidate", false)])
    func aStaleCopyStandsInForAFailedOrigin(_ cacheControl: String, _ standsIn: Bool) async throws {
        let id = 5
        let first = try await TestData.withServer(cacheControl: cacheControl) { base in
            try await pipeline(base, loader: Self.fetcher()).image(for: ImageRequest(url: Self.avatar(id, base))).image
        }
        try await TestData.withServer(faults: FaultPlan(alwaysFailing: ["/api/character/avatar/\(id).jpeg"])) { base in
            let images = try pipeline(base, loader: Self.fetcher())
            let request = ImageRequest(url: Self.avatar(id, base))
            if standsIn {
                let response = try await images.image(for: request)
                #expect(response.isStaleAfterError && response.image == first)
            } else {
                await #expect {
                    _ = try await images.image(for: request)
                } throws: { error in
                    guard case .statusCodeUnacceptable(500, let url) = error as? ImagePipeline.Error else { return false }
                    return url == request.url.absoluteString
                }
            }
        }
    }

    /// A cache that cannot be written (its tree replaced by a file) costs no image: the failure
    /// is counted and kept to report.
    @Test func aCacheWriteThatFailsNeverFailsTheLoad() async throws {
        try await TestData.withServer { base in
            let images = try pipeline(base, loader: Self.fetcher())
            let objects = temporary.url.appendingPathComponent("v2/objects")
            try FileManager.default.createDirectory(at: temporary.url.appendingPathComponent("v2"), withIntermediateDirectories: true)
            try Data("not a folder".utf8).write(to: objects)
            let response = try await images.image(
                for: ImageRequest(url: Self.avatar(6, base), processors: [ImageProcessors.CircleThumbnail(size: 32)]))
            #expect(response.image.width == 32 && response.urlResponse?.status == .ok)
            #expect(images.disk.statistics.writeFailures >= 1)
            #expect(await images.statistics.unstored >= 1)
            #expect(await images.statistics.storeFailure is DiskCacheError)
        }
    }

    /// An adopter's own loader: the bundled avatars as files, no network at all.
    struct FolderLoader: DataLoading {
        let folder: URL

        func loadData(for request: DataRequest, progress: @escaping @Sendable (Int, Int?) -> Void) async throws -> Download {
            Download(body: try [UInt8](Data(contentsOf: folder.appendingPathComponent(request.url.lastPathComponent))))
        }
    }

    @Test func anyLoaderFeedsThePipeline() async throws {
        let loader = FolderLoader(folder: TestData.fixtures.appendingPathComponent("avatars"))
        let images = try pipeline(nil, loader: loader)
        let url = try #require(URL(string: "files:///7.jpeg"))
        let response = try await images.image(
            for: ImageRequest(url: url, processors: [ImageProcessors.Resize(side: 20), ImageProcessors.RoundedCorners(radius: 4)]))
        #expect(response.image.width == 20 && response.image[0, 0].alpha == 0)
        let bytes = try await loader.loadData(for: DataRequest(url: url), progress: { _, _ in }).body
        let decoded = try ImageDecoder(options: DecodeOptions(minimumShortSide: 20)).decode(bytes)
        let expected = try ImageProcessors.Composition([ImageProcessors.Resize(side: 20), ImageProcessors.RoundedCorners(radius: 4)])
            .process(decoded)
        #expect(response.image == expected)
    }
}
