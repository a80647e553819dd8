import APIServer
import Foundation
import HTTP
import Imaging
import RickAndMortyAPI
import TestSupport
import Testing
import Toolbox

@testable import ImageCache

/// `ImageTask`: priority in the load queue, a priority changed while waiting, progress, and
/// cancellation of one waiter or all, over the real loopback server, counted through a gate at
/// the loader seam.
@Suite(.timeLimit(.minutes(2))) struct ImageTaskTests {
    typealias GatedLoader = ImageRequestTests.GatedLoader

    let temporary: TemporaryFolder

    init() throws {
        temporary = try TemporaryFolder()
    }

    func pipeline(_ base: URL, _ loader: any DataLoading, loadsAtOnce: Int = 64) throws -> ImagePipeline {
        ImagePipeline(
            configuration: .init(
                dataLoader: loader, dataCache: try DiskCache(root: temporary.url),
                keys: APIIdentity(name: "test", baseURL: base, canonicalRoot: Dataset.canonicalBase),
                dataLoadingLimit: loadsAtOnce))
    }

    func request(_ id: Int, _ base: URL, priority: ImageRequest.Priority = .normal) -> ImageRequest {
        ImageRequest(url: ImageRequestTests.avatar(id, base), processors: [ImageProcessors.Resize(side: 24)], priority: priority)
    }

    /// Waits (yielding, no clock) until `condition` holds.
    static func until(_ condition: () -> Bool) async {
        while !condition() { await Task.yield() }
    }

    @Test func aHighPriorityRequestBehindAHundredLowOnesStartsNext() async throws {
        try await TestData.withServer { base in
            let loader = GatedLoader(ImageRequestTests.fetcher())
            let images = try pipeline(base, loader, loadsAtOnce: 1)
            let first = images.imageTask(with: request(1, base))
            await Self.until { loader.loads == 1 }
            // Each queued before the next is made, so the order they arrived in is known.
            var low: [ImageTask] = []
            for id in 2...101 {
                low.append(images.imageTask(with: request(id, base, priority: .low)))
                await Self.until { images.loads.waitingCount == low.count }
            }
            let high = images.imageTask(with: request(102, base, priority: .high))
            await Self.until { images.loads.waitingCount == 101 }
            loader.open()
            for task in [first] + low + [high] { _ = try await task.response }
            let order = loader.order.map(\.lastPathComponent)
            #expect(order.count == 102)
            #expect(order[1] == "102.jpeg", "the high-priority request goes next")
            #expect(Array(order[2...]) == (2...101).map { "\($0).jpeg" }, "the low ones in the order they came")
        }
    }

    @Test func aPriorityRaisedWhileWaitingMovesTheTaskAhead() async throws {
        try await TestData.withServer { base in
            let loader = GatedLoader(ImageRequestTests.fetcher())
            let images = try pipeline(base, loader, loadsAtOnce: 1)
            let first = images.imageTask(with: request(1, base))
            await Self.until { loader.loads == 1 }
            var waiting: [ImageTask] = []
            for id in 2...4 {
                waiting.append(images.imageTask(with: request(id, base, priority: .low)))
                await Self.until { images.loads.waitingCount == waiting.count }
            }
            waiting[2].priority = .veryHigh
            loader.open()
            for task in [first] + waiting { _ = try await task.response }
            #expect(loader.order.map(\.lastPathComponent) == ["1.jpeg", "4.jpeg", "2.jpeg", "3.jpeg"])
        }
    }

    @Test func progressCountsTheBytesAgainstTheDeclaredTotal() async throws {
        try await TestData.withServer { base in
            let images = try pipeline(base, ImageRequestTests.fetcher())
            let task = images.imageTask(with: request(5, base))
            let heard = Task { await task.progressUpdates.reduce(into: [ImageTask.Progress]()) { $0.append($1) } }
            let response = try await task.response
            let size = try [UInt8](Data(contentsOf: TestData.fixturesDataset.avatarFile(id: 5))).count
            #expect(response.image.width == 24)
            #expect(task.progress == ImageTask.Progress(completed: size, total: size))
            #expect(task.progress.fraction == 1)
            let updates = await heard.value
            #expect(updates.last == task.progress, "the stream ends with the whole body")
        }
    }

    @Test func cancellingOneWaiterLeavesTheOthersOnTheSameDownload() async throws {
        try await TestData.withServer { base in
            let loader = GatedLoader(ImageRequestTests.fetcher())
            let images = try pipeline(base, loader)
            let tasks = (0..<3).map { _ in images.imageTask(with: request(6, base)) }
            await Self.until { loader.loads == 1 && images.requests.waitingCount == 3 }
            tasks[0].cancel()
            await Self.until { images.requests.waitingCount == 2 }
            loader.open()
            await #expect(throws: CancellationError.self) { _ = try await tasks[0].response }
            for task in tasks.dropFirst() { #expect(try await task.response.image.width == 24) }
            #expect(loader.loads == 1 && images.statistics.downloads == 1)
        }
    }

    @Test func cancellingEveryWaiterStopsTheDownloadAndTheNextRequestStartsAfresh() async throws {
        try await TestData.withServer { base in
            let loader = GatedLoader(ImageRequestTests.fetcher())
            let images = try pipeline(base, loader)
            let tasks = (0..<2).map { _ in images.imageTask(with: request(7, base)) }
            await Self.until { loader.loads == 1 && images.requests.waitingCount == 2 }
            for task in tasks { task.cancel() }
            for task in tasks { await #expect(throws: CancellationError.self) { _ = try await task.response } }
            #expect(images.requests.waitingCount == 0)
            loader.open()
            let again = try await images.image(for: request(7, base))
            #expect(again.source == .network && again.image.width == 24)
            #expect(loader.loads == 2)
            #expect(images.statistics.downloads == 1, "the cancelled load downloaded nothing")
        }
    }

    @Test func aCancelledTaskWaitingForASlotLeavesTheQueue() async throws {
        try await TestData.withServer { base in
            let loader = GatedLoader(ImageRequestTests.fetcher())
            let images = try pipeline(base, loader, loadsAtOnce: 1)
            let first = images.imageTask(with: request(1, base))
            await Self.until { loader.loads == 1 }
            let queued = images.imageTask(with: request(2, base))
            await Self.until { images.loads.waitingCount == 1 }
            queued.cancel()
            await #expect(throws: CancellationError.self) { _ = try await queued.response }
            #expect(images.loads.waitingCount == 0)
            loader.open()
            _ = try await first.response
            #expect(loader.order.map(\.lastPathComponent) == ["1.jpeg"])
        }
    }
}
