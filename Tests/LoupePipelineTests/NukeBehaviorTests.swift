import Foundation
import LoupeImaging
import LoupeToolbox
import TestSupport
import Testing

@testable import LoupePipeline

/// Nuke's own behavioral tests (kean/Nuke `Tests/NukeTests`), transcribed: each names the test
/// it follows. They run against the real loopback server through the default loader, gated or
/// recorded at the `DataLoading` seam (Nuke's `MockDataLoader`, without the mock); a loader of
/// its own stands in only where no server can give the case (an empty 200 body). Differences that
/// remain are stated where they are asserted, and in docs/image-pipeline.md.
@Suite struct NukeBehaviorTests {
    let temporary: TemporaryFolder

    init() throws {
        temporary = try TemporaryFolder()
    }

    /// A processor that counts its runs: a resize under a name of its own.
    final class Counted: Sendable {
        let runs = Locked(0)
        let processor: ImageProcessors.Anonymous

        init(_ name: String, side: Int) {
            let runs = self.runs
            processor = .process(id: name) { image in
                runs.withLock { $0 += 1 }
                return ImageProcessors.Resize(side: side).process(image)
            }
        }

        var count: Int { runs.withLock { $0 } }
    }

    /// The default loader, counted, each `DataRequest` recorded.
    final class RecordingLoader: DataLoading {
        let inner = ImageRequestTests.fetcher()
        private let seen = Locked<[DataRequest]>([])

        var requests: [DataRequest] { seen.withLock { $0 } }

        func loadData(for request: DataRequest, progress: @escaping @Sendable (Int, Int?) -> Void) async throws -> Download {
            seen.withLock { $0.append(request) }
            return try await inner.loadData(for: request, progress: progress)
        }
    }

    /// A loader that answers what it is given: for the cases no server sends (an empty 200).
    struct StaticLoader: DataLoading {
        let download: Download

        func loadData(for request: DataRequest, progress: @escaping @Sendable (Int, Int?) -> Void) async throws -> Download {
            download
        }
    }

    struct HeaderDelegate: ImagePipeline.Delegate {
        var fails = false

        struct Refused: Error {}

        func willLoadData(for request: ImageRequest, dataRequest: DataRequest, pipeline: ImagePipeline) async throws -> DataRequest {
            if fails { throw Refused() }
            var dataRequest = dataRequest
            dataRequest.headers[.authorization] = "Bearer token"
            return dataRequest
        }
    }

    func pipeline(
        _ loader: (any DataLoading)?, data: (any DataCaching)? = nil, policy: ImagePipeline.DataCachePolicy = .storeOriginalData,
        delegate: (any ImagePipeline.Delegate)? = nil, maximumSize: Int? = nil
    ) throws -> ImagePipeline {
        let dataCache: any DataCaching = try data ?? DiskCache(root: temporary.url)
        return ImagePipeline(
            configuration: .init(
                dataLoader: loader, dataCache: dataCache, dataCachePolicy: policy, maximumResponseDataSize: maximumSize),
            delegate: delegate)
    }

    // MARK: ImagePipelineCoalescingTests

    /// `eachProcessingStepIsDeduplicated`: `[a]` and `[a, b]` at once run `a` once.
    @Test func eachProcessingStepIsDeduplicated() async throws {
        try await TestData.withServer { base in
            let loader = ImageRequestTests.GatedLoader(ImageRequestTests.fetcher())
            let images = try pipeline(loader)
            let (a, b) = (Counted("a", side: 64), Counted("b", side: 32))
            let url = ImageRequestTests.avatar(1, base)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { _ = try await images.image(for: ImageRequest(url: url, processors: [a.processor])) }
                group.addTask { _ = try await images.image(for: ImageRequest(url: url, processors: [a.processor, b.processor])) }
                // Both callers, and `[a, b]`'s wait on `[a]`, before the download is let through.
                try await ImageRequestTests.untilWaiting(images, requests: 3)
                loader.open()
                try await group.waitForAll()
            }
            #expect(loader.loads == 1 && a.count == 1 && b.count == 1)
        }
    }

    /// `intermediateMemoryCachedResultsAreUsed`: `[a, b]` starts from `[a]`'s image in memory.
    @Test func intermediateMemoryCachedResultsAreUsed() async throws {
        try await TestData.withServer { base in
            let loader = RecordingLoader()
            let images = try pipeline(loader)
            let (a, b) = (Counted("a", side: 64), Counted("b", side: 32))
            let url = ImageRequestTests.avatar(2, base)
            images.cache[ImageRequest(url: url, processors: [a.processor])] = Bitmap(width: 64, height: 64)
            let response = try await images.image(for: ImageRequest(url: url, processors: [a.processor, b.processor]))
            #expect(response.image.width == 32 && response.cacheType == .memory)
            #expect(loader.requests.isEmpty && a.count == 0 && b.count == 1)
        }
    }

    /// `eachFinalProcessedImageIsStoredInMemoryCache`: the final image is kept, the
    /// intermediate one is not.
    @Test func eachFinalProcessedImageIsStoredInMemoryCache() async throws {
        try await TestData.withServer { base in
            let images = try pipeline(ImageRequestTests.fetcher())
            let (a, b) = (Counted("a", side: 64), Counted("b", side: 32))
            let url = ImageRequestTests.avatar(3, base)
            _ = try await images.image(for: ImageRequest(url: url, processors: [a.processor, b.processor]))
            #expect(images.cache[ImageRequest(url: url, processors: [a.processor, b.processor])]?.width == 32)
            #expect(images.cache[ImageRequest(url: url, processors: [a.processor])] == nil)
        }
    }

    /// `deduplicationGivenSameURLDifferentProcessors` and `loadsDataOnceWhenLoadingDataAndLoadingImage`:
    /// one download for two processings and a data request of one URL.
    @Test func oneDownloadForDifferentProcessorsAndForData() async throws {
        try await TestData.withServer { base in
            let loader = ImageRequestTests.GatedLoader(ImageRequestTests.fetcher())
            let images = try pipeline(loader)
            let url = ImageRequestTests.avatar(4, base)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { _ = try await images.image(for: ImageRequest(url: url, processors: [.resize(side: 40)])) }
                group.addTask { _ = try await images.image(for: ImageRequest(url: url, processors: [.resize(side: 20)])) }
                group.addTask { _ = try await images.data(for: ImageRequest(url: url)) }
                try await ImageRequestTests.untilWaiting(images, requests: 2, originals: 3)
                loader.open()
                try await group.waitForAll()
            }
            #expect(await images.statistics.downloads == 1 && loader.loads == 1)
        }
    }

    /// `dataOnlyLoadedOnceWithDifferentCachePolicyPassingURL`: a reload joins a plain request's
    /// download of the same original.
    @Test func aReloadJoinsAPlainRequestsDownload() async throws {
        try await TestData.withServer { base in
            let loader = ImageRequestTests.GatedLoader(ImageRequestTests.fetcher())
            let images = try pipeline(loader)
            let url = ImageRequestTests.avatar(5, base)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { _ = try await images.image(for: ImageRequest(url: url)) }
                group.addTask { _ = try await images.image(for: ImageRequest(url: url, options: .reloadIgnoringCachedData)) }
                try await ImageRequestTests.untilWaiting(images, requests: 2, originals: 2)
                loader.open()
                try await group.waitForAll()
            }
            #expect(loader.loads == 1)
        }
    }

    /// `errorPropagatedToBothCoalescedSubscribers`: both callers hear the same error.
    @Test func errorPropagatedToBothCoalescedSubscribers() async throws {
        try await TestData.withServer { base in
            let images = try pipeline(ImageRequestTests.fetcher())
            let url = ImageRequestTests.avatar(99_999, base)
            async let first = failure(of: ImageRequest(url: url), images)
            async let second = failure(of: ImageRequest(url: url), images)
            let expected = ImagePipeline.Error.statusCodeUnacceptable(404, url: url.absoluteString)
            let (one, two) = await (first, second)
            #expect(one == expected && two == expected)
        }
    }

    /// Why `request` failed, or `nil`.
    func failure(of request: ImageRequest, _ images: ImagePipeline) async -> ImagePipeline.Error? {
        do {
            _ = try await images.image(for: request)
            return nil
        } catch {
            return error
        }
    }

    /// Every waiter of a step decides, as Nuke's `hasDirectSubscribers` at completion: a caller
    /// that joins the `[a]` step `[a, b]` started gets its image kept.
    @Test func aCallerJoiningAnIntermediateStepGetsItsImageKept() async throws {
        try await TestData.withServer { base in
            let loader = ImageRequestTests.GatedLoader(ImageRequestTests.fetcher())
            let images = try pipeline(loader)
            let (a, b) = (Counted("a", side: 64), Counted("b", side: 32))
            let url = ImageRequestTests.avatar(25, base)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { _ = try await images.image(for: ImageRequest(url: url, processors: [a.processor, b.processor])) }
                try await ImageRequestTests.untilWaiting(images, requests: 2)
                group.addTask { _ = try await images.image(for: ImageRequest(url: url, processors: [a.processor])) }
                try await ImageRequestTests.untilWaiting(images, requests: 3)
                loader.open()
                try await group.waitForAll()
            }
            #expect(a.count == 1 && images.cache[ImageRequest(url: url, processors: [a.processor])]?.width == 64)
        }
    }

    /// A delegate's key that names several steps alike (the path alone) never makes a step wait
    /// on itself: requests in flight are keyed by their own keys, as Nuke's tasks are. (The limit
    /// only turns a deadlock into a failure: the test takes 0.1 s alone, and a full run on two
    /// cores once kept it waiting over a minute for its turn.)
    @Test(.timeLimit(.minutes(10))) func aDelegateKeyBlindToProcessorsDoesNotHang() async throws {
        struct PathOnly: ImagePipeline.Delegate {
            func cacheKey(for request: ImageRequest, pipeline: ImagePipeline) -> String? { request.url.path }
        }
        try await TestData.withServer { base in
            let images = try pipeline(ImageRequestTests.fetcher(), delegate: PathOnly())
            let response = try await images.image(
                for: ImageRequest(url: ImageRequestTests.avatar(26, base), processors: [.resize(side: 40), .circle()]))
            #expect(response.image.width == 40)
        }
    }

    /// The original of a shared download is stored when any waiter's policy stores it (Nuke
    /// decides at completion): under `.automatic`, a request with processors starts the download
    /// and a plain one joins it.
    @Test func aJoinerThatStoresTheOriginalGetsItStored() async throws {
        try await TestData.withServer { base in
            let loader = ImageRequestTests.GatedLoader(ImageRequestTests.fetcher())
            let images = try pipeline(loader, policy: .automatic)
            let url = ImageRequestTests.avatar(27, base)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { _ = try await images.image(for: ImageRequest(url: url, processors: [.resize(side: 40)])) }
                try await ImageRequestTests.untilWaiting(images, requests: 1, originals: 1)
                group.addTask { _ = try await images.image(for: ImageRequest(url: url)) }
                try await ImageRequestTests.untilWaiting(images, requests: 2, originals: 2)
                loader.open()
                try await group.waitForAll()
            }
            #expect(loader.loads == 1 && images.cache.containsData(for: ImageRequest(url: url)))
        }
    }

    // MARK: ImagePipelineDataCacheTests

    /// The keys `policy` leaves in a data cache after a request for `url` with `processors`.
    func stored(_ policy: ImagePipeline.DataCachePolicy, processors: [any ImageProcessing]) async throws -> [String: EntryKind] {
        let data = CacheSeamTests.DictionaryDataCache()
        return try await TestData.withServer { base in
            let images = try pipeline(ImageRequestTests.fetcher(), data: data, policy: policy)
            let request = ImageRequest(url: ImageRequestTests.avatar(6, base), processors: processors)
            _ = try await images.image(for: request)
            let original = images.cache.makeDataCacheKey(for: ImageRequest(url: request.url))
            return Dictionary(
                uniqueKeysWithValues: data.keys.compactMap { key in
                    data.entry(for: key).map { (key == original ? "original" : "processed", $0.metadata.kind) }
                })
        }
    }

    /// `policyAutomaticGivenRequestWithProcessors`, `…WithoutProcessors`, and the same for
    /// `storeEncodedImages`, `storeOriginalData` and `storeAll`.
    @Test func eachPolicyStoresWhatNukesDoes() async throws {
        let resize: [any ImageProcessing] = [.resize(side: 40)]
        #expect(try await stored(.automatic, processors: resize) == ["processed": .processed])
        #expect(try await stored(.automatic, processors: []) == ["original": .original])
        #expect(try await stored(.storeEncodedImages, processors: resize) == ["processed": .processed])
        // The decoded original, encoded again, under the original's key.
        #expect(try await stored(.storeEncodedImages, processors: []) == ["original": .processed])
        #expect(try await stored(.storeOriginalData, processors: resize) == ["original": .original])
        #expect(try await stored(.storeOriginalData, processors: []) == ["original": .original])
        #expect(try await stored(.storeAll, processors: resize) == ["original": .original, "processed": .processed])
        #expect(try await stored(.storeAll, processors: []) == ["original": .original])
    }

    /// `reloadIgnoringCachedData`: the caches are not read; the image is loaded again.
    @Test func reloadIgnoringCachedData() async throws {
        try await TestData.withServer { base in
            let loader = RecordingLoader()
            let images = try pipeline(loader)
            let request = ImageRequest(url: ImageRequestTests.avatar(7, base))
            _ = try await images.image(for: request)
            #expect(try await images.image(for: request).cacheType == .memory)
            var reload = request
            reload.options = .reloadIgnoringCachedData
            #expect(try await images.image(for: reload).urlResponse?.status == .ok)
            #expect(loader.requests.count == 2 && loader.requests[1].headers[.ifNoneMatch] == nil, "not a conditional request")
        }
    }

    /// `loadImageFromCacheOnlyFailsIfNoCache`.
    @Test func loadImageFromCacheOnlyFailsIfNoCache() async throws {
        try await TestData.withServer { base in
            let images = try pipeline(ImageRequestTests.fetcher())
            let url = ImageRequestTests.avatar(8, base)
            await #expect(throws: ImagePipeline.Error.dataMissingInCache(url: url.absoluteString)) {
                try await images.image(for: ImageRequest(url: url, options: .returnCacheDataDontLoad))
            }
        }
    }

    // MARK: ImagePipelineTests

    /// `dataLoaderReturnsEmptyData`.
    @Test func dataLoaderReturnsEmptyData() async throws {
        let images = try pipeline(StaticLoader(download: Download(body: [])))
        let url = try #require(URL(string: "https://images.example/empty.jpeg"))
        await #expect(throws: ImagePipeline.Error.dataIsEmpty(url: url.absoluteString)) {
            try await images.image(for: ImageRequest(url: url))
        }
    }

    /// `dataDownloadExceededMaximumSize` (Nuke 13's `maximumResponseDataSize`).
    @Test func dataDownloadExceededMaximumSize() async throws {
        try await TestData.withServer { base in
            let images = try pipeline(ImageRequestTests.fetcher(), maximumSize: 1000)
            let url = ImageRequestTests.avatar(9, base)
            await #expect(throws: ImagePipeline.Error.dataDownloadExceededMaximumSize(url: url.absoluteString)) {
                try await images.image(for: ImageRequest(url: url))
            }
            #expect(images.cache.cachedData(for: ImageRequest(url: url)) == nil, "nothing kept")
        }
    }

    // MARK: ImagePipelineDelegateTests

    /// `willLoadDataCanModifyRequest`, and a request's own headers (Nuke's `URLRequest` headers):
    /// both reach the loader, beside nothing else.
    @Test func willLoadDataCanModifyRequest() async throws {
        try await TestData.withServer { base in
            let loader = RecordingLoader()
            let images = try pipeline(loader, delegate: HeaderDelegate())
            var headers = HTTPFields()
            headers[.accept] = "image/png"
            _ = try await images.image(for: ImageRequest(url: ImageRequestTests.avatar(10, base), headers: headers))
            let sent = try #require(loader.requests.first)
            #expect(sent.headers[.authorization] == "Bearer token" && sent.headers[.accept] == "image/png")
        }
    }

    /// `willLoadDataThrowingCancelsWithDataLoadingFailed`.
    @Test func willLoadDataThrowingFailsWithDataLoadingFailed() async throws {
        try await TestData.withServer { base in
            let loader = RecordingLoader()
            let images = try pipeline(loader, delegate: HeaderDelegate(fails: true))
            let url = ImageRequestTests.avatar(11, base)
            await #expect(throws: ImagePipeline.Error.dataLoadingFailed(url: url.absoluteString, underlying: HeaderDelegate.Refused())) {
                try await images.image(for: ImageRequest(url: url))
            }
            #expect(loader.requests.isEmpty)
        }
    }

    /// `cacheKeyForRequest` through the delegate: one key for two URLs.
    @Test func theDelegatesCacheKeyNamesTheImage() async throws {
        struct OneKey: ImagePipeline.Delegate {
            func cacheKey(for request: ImageRequest, pipeline: ImagePipeline) -> String? {
                "avatar#" + request.processors.identifier
            }
        }
        try await TestData.withServer { base in
            let loader = RecordingLoader()
            let images = try pipeline(loader, delegate: OneKey())
            _ = try await images.image(for: ImageRequest(url: ImageRequestTests.avatar(12, base)))
            var other = ImageRequest(url: ImageRequestTests.avatar(13, base))
            other.options = .disableMemoryCacheReads
            #expect(try await images.image(for: other).cacheType == .disk && loader.requests.count == 1)
        }
    }

    // MARK: ImagePipelineLocalResourcesTests

    /// `imageIsLoadedFromFileURLWithoutUsingTheDataLoader` and `fileURLIsNotStoredInTheDataCache`.
    @Test func imageIsLoadedFromFileURLWithoutUsingTheDataLoader() async throws {
        let loader = RecordingLoader()
        let images = try pipeline(loader, policy: .storeAll)
        let url = TestData.fixtures.appendingPathComponent("avatars/1.jpeg")
        let response = try await images.image(for: ImageRequest(url: url, processors: [.resize(width: 30)]))
        #expect(response.image.width == 30 && response.cacheType == nil && response.urlResponse == nil && loader.requests.isEmpty)
        #expect(images.cache.cachedData(for: ImageRequest(url: url)) == nil, "the file is not copied into the cache")
    }

    /// `missingFileFailsWithDataLoadingFailed`.
    @Test func missingFileFailsWithDataLoadingFailed() async throws {
        let images = try pipeline(RecordingLoader())
        let url = temporary.url.appendingPathComponent("missing.jpeg")
        await #expect {
            try await images.image(for: ImageRequest(url: url))
        } throws: { error in
            guard case .dataLoadingFailed(let failed, _) = error as? ImagePipeline.Error else { return false }
            return failed == url.absoluteString
        }
    }

    // MARK: ImagePipelineCacheTests

    /// `subscript`, `storeCachedData`, `containsData`, `removeFromMemoryCache`, `removeFromDiskCache`,
    /// and `removeAll`.
    @Test func theCacheFacadeReadsAndWritesBothTiers() throws {
        let images = try pipeline(nil)
        let url = try #require(URL(string: "https://images.example/a.png"))
        let request = ImageRequest(url: url, processors: [.resize(side: 8)])
        images.cache[request] = Bitmap(width: 8, height: 8)
        #expect(images.cache[request]?.width == 8 && images.cache.containsCachedImage(for: request, caches: .memory))
        #expect(!images.cache.containsData(for: request))
        images.cache.storeCachedImage(Bitmap(width: 8, height: 8), for: request, caches: .disk)
        #expect(images.cache.containsData(for: request))
        images.cache.removeCachedImage(for: request, caches: .memory)
        #expect(images.cache[request] == nil && images.cache.cachedImage(for: request)?.width == 8, "decoded from disk")
        images.cache.storeCachedData([1, 2, 3], for: ImageRequest(url: url))
        #expect(images.cache.cachedData(for: ImageRequest(url: url)) == [1, 2, 3])
        images.cache.removeAll()
        #expect(!images.cache.containsCachedImage(for: request) && !images.cache.containsData(for: ImageRequest(url: url)))
    }

    // MARK: ImageTask (ImagePipelineTaskDelegateTests, ImageTaskTests)

    /// Every reader of `events` hears the progress and the end; `state` and `taskId`.
    @Test func anyNumberOfReadersFollowATasksEvents() async throws {
        try await TestData.withServer { base in
            let loader = ImageRequestTests.GatedLoader(ImageRequestTests.fetcher())
            let images = try pipeline(loader)
            let task = images.imageTask(with: ImageRequest(url: ImageRequestTests.avatar(14, base)))
            let readers = (0..<3).map { _ in
                let events = task.events
                return Task { () -> (progress: Int, finished: Bool) in
                    var counts = (progress: 0, finished: false)
                    for await event in events {
                        switch event {
                        case .progress: counts.progress += 1
                        case .finished(let result): counts.finished = (try? result.get()) != nil
                        }
                    }
                    return counts
                }
            }
            #expect(task.state == .running)
            loader.open()
            _ = try await task.response
            for reader in readers {
                let counts = await reader.value
                #expect(counts.progress >= 1 && counts.finished)
            }
            #expect(task.state == .completed)
            let later = images.imageTask(with: ImageRequest(url: ImageRequestTests.avatar(14, base)))
            #expect(later.taskId > task.taskId && later != task)
            var late = later.events.makeAsyncIterator()
            _ = try await later.response
            if case .finished(.success(let response)) = await late.next() {
                #expect(response.cacheType == .memory)
            } else {
                Issue.record("a reader that comes after the end still hears it")
            }
        }
    }

    /// A cancelled task's state, and its error.
    @Test func aCancelledTaskSaysSo() async throws {
        try await TestData.withServer { base in
            let loader = ImageRequestTests.GatedLoader(ImageRequestTests.fetcher())
            let images = try pipeline(loader)
            let task = images.imageTask(with: ImageRequest(url: ImageRequestTests.avatar(15, base)))
            task.cancel()
            await #expect(throws: ImagePipeline.Error.cancelled) { try await task.response }
            #expect(task.state == .cancelled)
            loader.open()
        }
    }

    // MARK: ImagePrefetcherTests

    /// `startPrefetchingWithTheSameRequests` (deduplicated), `pausing`, `didComplete`, and URLs.
    @Test func thePrefetcherPausesDeduplicatesAndSaysWhenItIsDone() async throws {
        try await TestData.withServer { base in
            let loader = RecordingLoader()
            let images = try pipeline(loader)
            let prefetcher = ImagePrefetcher(pipeline: images, maxConcurrentRequestCount: 2)
            let completions = Locked(0)
            prefetcher.didComplete = { completions.withLock { $0 += 1 } }
            prefetcher.isPaused = true
            let urls = (16...19).map { ImageRequestTests.avatar($0, base) }
            prefetcher.startPrefetching(with: urls + urls)
            await prefetcher.finish()
            #expect(loader.requests.isEmpty, "nothing starts while paused")
            prefetcher.isPaused = false
            await prefetcher.finish()
            #expect(loader.requests.count == 4 && prefetcher.counts == (done: 4, failed: 0))
            #expect(completions.withLock { $0 } == 1)
            #expect(images.cache.containsData(for: ImageRequest(url: urls[0])))
        }
    }

    /// `stopPrefetchingThenStartAgain`: a prefetch stopped while it loads and started again loads.
    @Test func aPrefetchStoppedAndStartedAgainLoads() async throws {
        try await TestData.withServer { base in
            let loader = ImageRequestTests.GatedLoader(ImageRequestTests.fetcher())
            let images = try pipeline(loader)
            let prefetcher = ImagePrefetcher(pipeline: images, maxConcurrentRequestCount: 1)
            let url = ImageRequestTests.avatar(28, base)
            prefetcher.startPrefetching(with: [url])
            try await ImageTaskTests.until { loader.loads == 1 }
            prefetcher.stopPrefetching(with: [url])
            prefetcher.startPrefetching(with: [url])
            loader.open()
            await prefetcher.finish()
            #expect(prefetcher.counts == (done: 1, failed: 0) && images.cache.containsData(for: ImageRequest(url: url)))
        }
    }

    // MARK: Observable waiting

    /// `dataLoads` counts what runs and what waits, so a test waits on it, not on the clock.
    @Test func loadsRunningAndQueuedAreCounted() async throws {
        try await TestData.withServer { base in
            let loader = ImageRequestTests.GatedLoader(ImageRequestTests.fetcher())
            let images = ImagePipeline(
                configuration: .init(dataLoader: loader, dataCache: nil, dataLoadingLimit: 2), delegate: nil)
            let tasks = (20...24).map { images.imageTask(with: ImageRequest(url: ImageRequestTests.avatar($0, base))) }
            try await ImageTaskTests.until { await images.dataLoads == (running: 2, queued: 3) }
            #expect(await images.dataLoads == (running: 2, queued: 3))
            loader.open()
            for task in tasks { _ = try await task.response }
            #expect(await images.dataLoads == (running: 0, queued: 0))
        }
    }

    // MARK: ImageProcessorsTests

    /// `resizeWidthOnly`, `resizeHeightOnly`: one side given, the other as the aspect makes it.
    @Test func aResizeByOneSideKeepsTheAspect() throws {
        let wide = Bitmap(width: 300, height: 150)
        #expect(ImageProcessors.Resize(width: 100).process(wide).height == 50)
        #expect(ImageProcessors.Resize(height: 30).process(wide).width == 60)
        #expect(ImageProcessors.Resize(width: 100).identifier == "resize(100x_,fit)")
        let processors: [any ImageProcessing] = [.resize(width: 10), .circle(), .roundedCorners(radius: 2)]
        #expect(processors.identifier == "resize(10x_,fit)|circle-mask(ring=none)|rounded-corners(2.0)")
    }
}
