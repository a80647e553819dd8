import APIServer
import Foundation
import LoupeHTTP
import LoupeImaging
import RickAndMortyAPI
import TestSupport
import Testing

@testable import LoupePipeline

/// Prefetching: everything asked ends up in the caches, never more at once than the bound, and a
/// stop leaves the rest unasked. Counted at the gated loader, no clock.
@Suite struct ImagePrefetcherTests {
    typealias GatedLoader = ImageRequestTests.GatedLoader

    let temporary: TemporaryFolder

    init() throws {
        temporary = try TemporaryFolder()
    }

    func pipeline(_ base: URL, _ loader: GatedLoader) throws -> ImagePipeline {
        ImagePipeline(
            configuration: .init(
                dataLoader: loader, dataCache: try DiskCache(root: temporary.url),
                dataCachePolicy: .storeOriginalDataAndThumbnails, acceptsStale: .seconds(7 * 24 * 3600)), delegate: PathKeys())
    }

    func requests(_ base: URL, _ ids: ClosedRange<Int>) -> [ImageRequest] {
        ids.map { ImageRequest(url: ImageRequestTests.avatar($0, base), processors: [ImageProcessors.Resize(side: 32)]) }
    }

    @Test func whatIsPrefetchedIsCachedAndAtMostTwoLoadAtOnce() async throws {
        try await TestData.withServer { base in
            let loader = GatedLoader(ImageRequestTests.fetcher())
            let pipeline = try self.pipeline(base, loader)
            let prefetcher = ImagePrefetcher(pipeline: pipeline, maxConcurrentRequestCount: 2)
            let wanted = requests(base, 1...10)
            prefetcher.startPrefetching(with: wanted)
            // Held at the loader: the bound's two, and no more.
            try await until("two loads at the loader") { loader.loads >= 2 }
            for _ in 0..<100 { await Task.yield() }
            #expect(loader.loads == 2)
            loader.open()
            await prefetcher.finish()
            #expect(prefetcher.counts.done == 10 && prefetcher.counts.failed == 0)
            #expect(loader.loads == 10)
            for request in wanted {
                var cached = request
                cached.options = [.returnCacheDataDontLoad, .disableMemoryCacheReads]
                #expect(try await pipeline.image(for: cached).cacheType == .disk)
            }
        }
    }

    @Test func stoppingCancelsWhatLoadsAndLeavesTheRestUnasked() async throws {
        try await TestData.withServer { base in
            let loader = GatedLoader(ImageRequestTests.fetcher())
            let pipeline = try self.pipeline(base, loader)
            let prefetcher = ImagePrefetcher(pipeline: pipeline, maxConcurrentRequestCount: 2)
            let wanted = requests(base, 1...10)
            prefetcher.startPrefetching(with: wanted)
            prefetcher.stopPrefetching(with: Array(wanted.suffix(4)))
            try await until("two loads at the loader") { loader.loads >= 2 }
            prefetcher.stopPrefetching()
            loader.open()
            await prefetcher.finish()
            #expect(loader.loads == 2, "the eight waiting were never asked")
            #expect(prefetcher.counts.done == 0, "the two loading were cancelled, as Nuke's are")
        }
    }
}
