import APIServer
import Foundation
import LoupeHTTP
import LoupeImaging
import RickAndMortyAPI
import TestSupport
import Testing
import LoupeToolbox

@testable import LoupePipeline

/// `ImageTask`: priority in the load queue, a priority changed while waiting, progress, and
/// cancellation of one waiter or all, over the real loopback server, counted through a gate at
/// the loader seam.
@Suite struct ImageTaskTests {
    typealias GatedLoader = ImageRequestTests.GatedLoader

    let temporary: TemporaryFolder

    init() throws {
        temporary = try TemporaryFolder()
    }

    func pipeline(_ base: URL, _ loader: any DataLoading, loadsAtOnce: Int = 64) throws -> ImagePipeline {
        ImagePipeline(
            configuration: .init(
                dataLoader: loader, dataCache: try DiskCache(root: temporary.url),
                dataCachePolicy: .storeOriginalDataAndThumbnails, acceptsStale: .seconds(7 * 24 * 3600), dataLoadingLimit: loadsAtOnce), delegate: PathKeys())
    }

    func request(_ id: Int, _ base: URL, priority: ImageRequest.Priority = .normal) -> ImageRequest {
        ImageRequest(url: ImageRequestTests.avatar(id, base), processors: [ImageProcessors.Resize(side: 24)], priority: priority)
    }

    /// Waits until `condition` holds, looking every millisecond (a poll, not a bound), so a busy
    /// machine's other tests keep its threads; a cancelled test stops waiting.
    struct NeverCame: Error {}

    static func until(_ condition: () async -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(300)
        while await !condition() {
            guard ContinuousClock.now < deadline else { throw NeverCame() }
            try await Task.sleep(for: .milliseconds(1))
        }
    }

    /// A pipeline that loads one image at a time, its one slot held at the gate by avatar 1.
    func oneSlotHeld(_ base: URL) async throws -> (ImagePipeline, GatedLoader, first: ImageTask) {
        let loader = GatedLoader(ImageRequestTests.fetcher())
        let images = try pipeline(base, loader, loadsAtOnce: 1)
        let first = images.imageTask(with: request(1, base))
        try await Self.until { loader.loads == 1 }
        return (images, loader, first)
    }

    @Test func aHighPriorityRequestBehindAHundredLowOnesStartsNext() async throws {
        try await TestData.withServer { base in
            let (images, loader, first) = try await oneSlotHeld(base)
            let low = (2...101).map { images.imageTask(with: request($0, base, priority: .low)) }
            try await Self.until { await images.loads.queued == 100 }
            let high = images.imageTask(with: request(102, base, priority: .high))
            try await Self.until { await images.loads.queued == 101 }
            loader.open()
            for task in [first] + low + [high] { _ = try await task.response }
            let order = loader.order.map(\.lastPathComponent)
            #expect(order.count == 102)
            #expect(order[1] == "102.jpeg", "the high-priority request goes next")
            #expect(Set(order[2...]) == Set((2...101).map { "\($0).jpeg" }), "then the low ones, each once")
        }
    }

    @Test func aPriorityRaisedWhileWaitingMovesTheTaskAhead() async throws {
        try await TestData.withServer { base in
            let (images, loader, first) = try await oneSlotHeld(base)
            var waiting: [ImageTask] = []
            for id in 2...4 {
                waiting.append(images.imageTask(with: request(id, base, priority: .low)))
                try await Self.until { await images.loads.queued == waiting.count }
            }
            waiting[2].priority = .veryHigh
            loader.open()
            for task in [first] + waiting { _ = try await task.response }
            #expect(loader.order.map(\.lastPathComponent) == ["1.jpeg", "4.jpeg", "2.jpeg", "3.jpeg"])
        }
    }

    /// Nuke's default of 6 loads at once leaves a queue in which priority decides: 46 tasks, the
    /// first 6 held at the loader, one of the 40 queued raised from `.veryLow` to `.veryHigh`.
    @Test func atTheDefaultsARaisedTaskAmongFortyQueuedStartsNext() async throws {
        try await TestData.withServer { base in
            let loader = GatedLoader(ImageRequestTests.fetcher())
            let images = ImagePipeline(
                configuration: .init(
                    dataLoader: loader, dataCache: try DiskCache(root: temporary.url),
                    dataCachePolicy: .storeOriginalDataAndThumbnails, acceptsStale: .seconds(7 * 24 * 3600)), delegate: PathKeys())
            #expect(images.configuration.dataLoadingLimit == 6)
            var tasks: [ImageTask] = []
            for id in 1...46 {
                tasks.append(images.imageTask(with: request(id, base, priority: id == 36 ? .veryLow : .normal)))
                if id <= 6 { try await Self.until { loader.loads == id } } else { try await Self.until { await images.loads.queued == id - 6 } }
            }
            tasks[35].priority = .veryHigh
            loader.open()
            for task in tasks { _ = try await task.response }
            let order = loader.order.map(\.lastPathComponent)
            #expect(order.count == 46)
            // The six slots the gate frees go to the raised task and the next five in arrival order
            // (which of them reaches the loader first is up to the threads).
            #expect(Set(order[6..<12]) == Set([36, 7, 8, 9, 10, 11].map { "\($0).jpeg" }), "the raised task jumps 24 places")
            #expect(Set(order) == Set((1...46).map { "\($0).jpeg" }))
        }
    }

    /// A real avatar's bytes at the seam, for as many loads as a test makes.
    struct LocalLoader: DataLoading {
        let bytes: [UInt8]

        func loadData(for request: DataRequest, progress: @escaping @Sendable (Int, Int?) -> Void) async throws -> Download {
            progress(bytes.count, bytes.count)
            return Download(body: bytes)
        }

        static func avatar() throws -> LocalLoader {
            LocalLoader(bytes: try [UInt8](Data(contentsOf: TestData.fixtures.appendingPathComponent("avatars/1.jpeg"))))
        }
    }

    /// One load at a time, held at the seam (Nuke's `MockDataLoader.isSuspended`); a thousand wait
    /// behind it at `.low`, and one raised to `.high` moves once to its bucket and starts next.
    @Test func aTaskRaisedAmongAThousandWaitersStartsNext() async throws {
        let loader = GatedLoader(try LocalLoader.avatar())
        let images = ImagePipeline(configuration: .init(dataLoader: loader, dataCache: nil, dataLoadingLimit: 1))
        func url(_ id: Int) throws -> URL { try #require(URL(string: "https://images.example/\(id).jpeg")) }
        let first = images.imageTask(with: ImageRequest(url: try url(0)))
        try await Self.until { loader.loads == 1 }
        let waiting = try (1...1000).map { images.imageTask(with: ImageRequest(url: try url($0), priority: .low)) }
        try await Self.until { await images.loads.queued == 1000 }
        waiting[699].priority = .high
        try await Self.until { await images.loads.queue?.queued(at: .high) == 1 }
        #expect(await images.loads.queue?.queued(at: .low) == 999)
        loader.open()
        try await Self.until { loader.order.count >= 2 }
        for task in waiting { task.cancel() }
        #expect(loader.order[1] == (try url(700)), "the raised task goes next")
        #expect(try await first.response.image.width > 0)
    }

    @Test func progressCountsTheBytesAgainstTheDeclaredTotal() async throws {
        try await TestData.withServer { base in
            let images = try pipeline(base, ImageRequestTests.fetcher())
            let task = images.imageTask(with: request(5, base))
            let heard = Task { await task.progress.reduce(into: [ImageTask.Progress]()) { $0.append($1) } }
            let response = try await task.response
            let size = try [UInt8](Data(contentsOf: TestData.fixturesDataset.avatarFile(id: 5))).count
            #expect(response.image.width == 24)
            #expect(task.currentProgress == ImageTask.Progress(completed: size, total: size))
            #expect(task.currentProgress.fraction == 1)
            let updates = await heard.value
            #expect(updates.last == task.currentProgress, "the stream ends with the whole body")
        }
    }

    @Test func cancellingOneWaiterLeavesTheOthersOnTheSameDownload() async throws {
        try await TestData.withServer { base in
            let loader = GatedLoader(ImageRequestTests.fetcher())
            let images = try pipeline(base, loader)
            let tasks = (0..<3).map { _ in images.imageTask(with: request(6, base)) }
            try await Self.until { await images.requests.waiting == 3 && loader.loads == 1 }
            tasks[0].cancel()
            try await Self.until { await images.requests.waiting == 2 }
            loader.open()
            await #expect(throws: ImagePipeline.Error.cancelled) { _ = try await tasks[0].response }
            for task in tasks.dropFirst() { #expect(try await task.response.image.width == 24) }
            #expect(await images.statistics.downloads == 1 && loader.loads == 1)
        }
    }

    @Test func cancellingEveryWaiterStopsTheDownloadAndTheNextRequestStartsAfresh() async throws {
        try await TestData.withServer { base in
            let loader = GatedLoader(ImageRequestTests.fetcher())
            let images = try pipeline(base, loader)
            let tasks = (0..<2).map { _ in images.imageTask(with: request(7, base)) }
            try await Self.until { await images.requests.waiting == 2 && loader.loads == 1 }
            for task in tasks { task.cancel() }
            for task in tasks { await #expect(throws: ImagePipeline.Error.cancelled) { _ = try await task.response } }
            #expect(await images.requests.waiting == 0)
            loader.open()
            let again = try await images.image(for: request(7, base))
            #expect(again.urlResponse?.status == .ok && again.image.width == 24)
            #expect(loader.loads == 2)
            #expect(await images.statistics.downloads == 1, "the cancelled load downloaded nothing")
        }
    }

    @Test func aCancelledTaskWaitingForASlotLeavesTheQueue() async throws {
        try await TestData.withServer { base in
            let (images, loader, first) = try await oneSlotHeld(base)
            let queued = images.imageTask(with: request(2, base))
            try await Self.until { await images.loads.queued == 1 }
            queued.cancel()
            await #expect(throws: ImagePipeline.Error.cancelled) { _ = try await queued.response }
            #expect(await images.loads.queued == 0)
            loader.open()
            _ = try await first.response
            #expect(loader.order.map(\.lastPathComponent) == ["1.jpeg"])
        }
    }
}
