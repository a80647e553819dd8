import APIServer
import Foundation
import LoupeHTTP
import LoupeImaging
import RickAndMortyAPI
import TestSupport
import Testing
import LoupeToolbox

@testable import LoupePipeline

/// The cache seams and what is stored: an adopter's own data cache and image cache in place of
/// the disk and memory tiers, each `DataCachePolicy`, a processor's failure named, and a cached
/// image removed, over the real loopback server.
@Suite struct CacheSeamTests {
    /// An adopter's data cache: entries in a dictionary, as a test or an object store would keep them.
    final class DictionaryDataCache: DataCaching {
        private let entries = Locked<[CacheKey: CacheEntry]>([:])

        var keys: Set<CacheKey> { Set(entries.withLock { $0.keys }) }

        func entry(for key: CacheKey) -> CacheEntry? { entries.withLock { $0[key] } }

        func store(_ body: [UInt8], metadata: EntryMetadata, for key: CacheKey) throws {
            entries.withLock { $0[key] = CacheEntry(metadata: metadata, body: body) }
        }

        func remove(_ key: CacheKey) { entries.withLock { $0[key] = nil } }

        func removeAll() { entries.withLock { $0 = [:] } }

        func defaultLifetime(of kind: EntryKind) -> Duration { .seconds(3600) }
    }

    /// An adopter's image cache that counts what it is asked.
    final class CountingImageCache: ImageCaching {
        private let state = Locked<(images: [ImageCacheKey: Bitmap], reads: Int)>(([:], 0))

        var count: Int { state.withLock { $0.images.count } }
        var reads: Int { state.withLock { $0.reads } }

        func image(for key: ImageCacheKey) -> Bitmap? {
            state.withLock {
                $0.reads += 1
                return $0.images[key]
            }
        }

        func store(_ image: Bitmap, for key: ImageCacheKey) { state.withLock { $0.images[key] = image } }
        func removeImage(for key: ImageCacheKey) { state.withLock { $0.images[key] = nil } }

        func removeAll() { state.withLock { $0.images = [:] } }
    }

    func pipeline(
        _ base: URL?, data: DictionaryDataCache, images: (any ImageCaching)? = nil,
        policy: ImagePipeline.DataCachePolicy = .storeOriginalDataAndThumbnails
    ) -> ImagePipeline {
        ImagePipeline(
            configuration: .init(
                dataLoader: base.map { _ in ImageRequestTests.fetcher() }, dataCache: data, imageCache: images,
                dataCachePolicy: policy, acceptsStale: .seconds(7 * 24 * 3600)), delegate: PathKeys())
    }

    static let small = ImageProcessors.CircleThumbnail(size: 48)
    static let ringed = ImageProcessors.CircleThumbnail(size: 48, ring: RGBA(76, 196, 96))
    static let large = ImageProcessors.CircleThumbnail(size: 200)

    /// The keys a data cache holds after `small`, `ringed` and `large` of one avatar, as `policy` says.
    func keysStored(_ policy: ImagePipeline.DataCachePolicy) async throws -> (stored: Set<String>, downloads: Int) {
        let data = DictionaryDataCache()
        return try await TestData.withServer { base in
            let images = pipeline(base, data: data, policy: policy)
            let url = ImageRequestTests.avatar(3, base)
            for circle in [Self.small, Self.ringed, Self.large] {
                let response = try await images.image(for: ImageRequest(url: url, processors: [circle]))
                #expect(response.image == (try Thumbnailer(circle: circle).thumbnail(ImagePipelineTests.fileBytes(3))))
            }
            var names = [images.cache.makeDataCacheKey(for: ImageRequest(url: url)): "original"]
            for circle in [Self.small, Self.ringed, Self.large] {
                names[images.cache.makeDataCacheKey(for: ImageRequest(url: url, processors: [circle]))] = circle.identifier
            }
            let stored = Set(data.keys.map { names[$0] ?? "\($0)" })
            return (stored, await images.statistics.downloads)
        }
    }

    @Test func eachPolicyStoresWhatItSays() async throws {
        let (small, ringed, large) = (Self.small.identifier, Self.ringed.identifier, Self.large.identifier)
        // Originals and thumbnails: the original and the small plain circle; the ring is drawn on
        // it, the large is remade.
        let thumbnails = try await keysStored(.storeOriginalDataAndThumbnails)
        #expect(thumbnails.stored == ["original", small] && thumbnails.downloads == 1)
        let originals = try await keysStored(.storeOriginalData)
        #expect(originals.stored == ["original"] && originals.downloads == 1)
        // Nuke's automatic and storeEncodedImages, for requests with processors: the processed
        // images only, so each new processing downloads the original again, as in Nuke.
        for policy in [ImagePipeline.DataCachePolicy.automatic, .storeEncodedImages] {
            let processed = try await keysStored(policy)
            #expect(processed.stored == [small, ringed, large] && processed.downloads == 3, "\(policy)")
        }
        let all = try await keysStored(.storeAll)
        #expect(all.stored == ["original", small, ringed, large] && all.downloads == 1)
    }

    @Test func anAdoptersCachesServeTheNextPipelineOffline() async throws {
        let data = DictionaryDataCache()
        let memory = CountingImageCache()
        let request = { (base: URL) in ImageRequest(url: ImageRequestTests.avatar(4, base), processors: [Self.small]) }
        let first = try await TestData.withServer { base in
            let images = pipeline(base, data: data, images: memory)
            let made = try await images.image(for: request(base))
            #expect(made.urlResponse?.status == .ok && made.made)
            #expect(try await images.image(for: request(base)).cacheType == .memory)
            return made.image
        }
        #expect(memory.count == 1 && memory.reads == 2)
        // No loader, no image cache: the adopter's data cache alone answers.
        let canonical = try #require(URL(string: APIRoot.realService.description))
        let offline = pipeline(nil, data: data)
        let again = try await offline.image(for: request(canonical))
        #expect(again.cacheType == .disk && !again.made && again.image == first)
    }

    @Test func aProcessorThatThrowsIsNamedWithItsError() async throws {
        struct Refused: Error, Equatable {}
        try await TestData.withServer { base in
            let images = pipeline(base, data: DictionaryDataCache())
            let refusing = ImageProcessors.Anonymous(id: "refuse") { _ in throw Refused() }
            let url = ImageRequestTests.avatar(5, base)
            await #expect {
                _ = try await images.image(for: ImageRequest(url: url, processors: [ImageProcessors.Resize(side: 20), refusing]))
            } throws: { error in
                guard case .processingFailed(let failed, let processor, let underlying) = error as? ImagePipeline.Error
                else { return false }
                return failed == url.absoluteString && processor == "refuse" && underlying as? Refused == Refused()
            }
        }
    }

    @Test func theConfigurationsDecodingLimitsRefuseALargerImage() async throws {
        try await TestData.withServer { base in
            let images = ImagePipeline(
                configuration: .init(
                    dataLoader: ImageRequestTests.fetcher(), dataCache: DictionaryDataCache(),
                    decodingLimits: ImageLimits(maxPixels: 200 * 200, maxSide: 200)), delegate: PathKeys())
            let url = ImageRequestTests.avatar(8, base)
            await #expect {
                _ = try await images.image(for: ImageRequest(url: url, processors: [Self.small]))
            } throws: { error in
                guard case .decodingFailed(let failed, .tooLarge) = error as? ImagePipeline.Error else { return false }
                return failed == url.absoluteString
            }
        }
    }

    @Test func aRemovedImageIsMadeAgainFromItsOriginal() async throws {
        let data = DictionaryDataCache()
        try await TestData.withServer { base in
            let images = pipeline(base, data: data, images: CountingImageCache())
            let request = ImageRequest(url: ImageRequestTests.avatar(6, base), processors: [Self.ringed])
            _ = try await images.image(for: request)
            #expect(data.keys.count == 2, "the original and the plain circle")
            images.cache.removeCachedImage(for: request)
            #expect(data.keys.count == 1, "the plain circle the ring is drawn on went too")
            let again = try await images.image(for: request)
            #expect(await images.statistics.downloads == 1 && again.made && again.cacheType == .disk)
        }
    }
}
