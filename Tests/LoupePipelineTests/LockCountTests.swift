#if DEBUG
import Foundation
import LoupeImaging
import LoupeToolbox
import TestSupport
import Testing

@testable import LoupePipeline

/// The pipeline's state has one owner (`ImagePipelineActor`): a load takes only the locks of the
/// caches and of its task's handle, never one inside another. Counted by `LockCount` (debug builds).
@Suite struct LockCountTests {
    /// A one-processor miss: memory miss, disk miss, download, decode, resize, stores.
    func miss(_ load: @escaping @Sendable (ImagePipeline, ImageRequest) async throws -> ImageResponse) async throws -> LockCount {
        let temporary = try TemporaryFolder()
        let images = ImagePipeline(
            configuration: .init(dataLoader: try ImageTaskTests.LocalLoader.avatar(), dataCache: try DiskCache(root: temporary.url)))
        let url = try #require(URL(string: "https://images.example/avatar/1.jpeg"))
        let request = ImageRequest(url: url, processors: [ImageProcessors.Resize(side: 32)])
        let count = LockCount()
        let response = try await LockCount.$current.withValue(count) { try await load(images, request) }
        #expect(response.cacheType == nil && response.made && response.image.width == 32)
        #expect(images.cache.containsData(for: ImageRequest(url: url)), "the original was stored")
        return count
    }

    @Test func aMissTakesAtMostTenLocksNoneNested() async throws {
        let count = try await miss { images, request in try await images.image(for: request) }
        #expect(count.count <= 10, "\(count.count) lock acquisitions")
        #expect(count.nested == 0)
    }

    @Test func aMissThroughATaskTakesAtMostTenLocksNoneNested() async throws {
        let count = try await miss { images, request in try await images.imageTask(with: request).response }
        #expect(count.count <= 10, "\(count.count) lock acquisitions")
        #expect(count.nested == 0)
    }
}
#endif
