import FixtureKit
import Foundation
import Testing

@testable import LoupeImaging

/// Every file of the broken-image corpus is refused with an error naming what is wrong.
@Suite struct BrokenImageCorpusTests {
    static func corpus() throws -> [BrokenImage] {
        try BrokenImageCorpus.make(fixtureAvatar: ImagingTestData.avatar)
    }

    @Test func holdsOver200FilesOfEveryKind() throws {
        let corpus = try Self.corpus()
        #expect(corpus.count >= 200)
        let kinds = Set(corpus.map(\.damage))
        #expect(
            kinds == [
                "empty", "not-an-image", "truncated", "png-flip", "png-crc", "png-structure", "huge", "jpeg-marker",
                "jpeg-header",
            ])
        #expect(Set(corpus.map(\.bytes)).count == corpus.count, "every file differs")
    }

    @Test func everyFileIsAnError() throws {
        var decoded: [String] = []
        for file in try Self.corpus() {
            do {
                let bitmap = try ImageDecoder().decode(file.bytes)
                decoded.append("\(file.damage) \(file.detail): \(bitmap.width)x\(bitmap.height)")
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
        #expect(decoded.isEmpty, "decoded: \(decoded.joined(separator: "\n"))")
    }
}
