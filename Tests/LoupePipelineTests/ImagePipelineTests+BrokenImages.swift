import FixtureKit
import Foundation
import LoupeImaging
import TestSupport
import Testing

@testable import LoupePipeline

extension ImagePipelineTests {
    @Test func noBrokenImageIsCachedAndEachFailsAlone() async throws {
        let corpus = try BrokenImageCorpus.make { try Self.fileBytes($0) }
        var files = Dictionary(uniqueKeysWithValues: corpus.enumerated().map { ($0 + 1, $1.bytes) })
        files[corpus.count + 1] = try Self.fileBytes(1)
        let served = try dataset(with: files)
        try await TestData.withServer(served) { base in
            let images = try pipeline(base, attempts: 2)
            var failures: [Int: String] = [:]
            for id in 1...corpus.count {
                do {
                    _ = try await images.thumbnail(for: Self.avatar(id, under: base), circle: ImageProcessors.CircleThumbnail(size: 64))
                } catch {
                    failures[id] = "\(error)"
                }
            }
            #expect(
                failures.count == corpus.count,
                "thumbnails made from broken files: \(Set(1...corpus.count).subtracting(failures.keys).sorted())")
            #expect(
                failures.values.allSatisfy { $0.contains(Self.avatar(0, under: base).deletingLastPathComponent().absoluteString) }
            )
            #expect(images.disk.usage().entries == 0, "nothing broken is kept")
            // The server still answers whole files: the next avatar comes through.
            let whole = Self.avatar(corpus.count + 1, under: base)
            let thumbnail = try await images.thumbnail(for: whole, circle: ImageProcessors.CircleThumbnail(size: 64))
            #expect(thumbnail.image.width == 64 && images.disk.usage().entries == 2)
        }
    }
}
