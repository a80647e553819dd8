import Foundation
import TestSupport
import Testing

@testable import LoupeImaging

/// Every avatar the real service sends decodes to its true size and makes a thumbnail.
@Suite struct RealDataTests {
    @Test(.enabled(if: TestData.realData != nil, Comment(rawValue: TestData.realDataMissing)))
    func everyRealAvatarDecodesAndMakesAThumbnail() async throws {
        let folder = try #require(TestData.realData)
        let odd: [Int: (Int, Int)] = [607: (264, 264), 623: (264, 264), 710: (299, 295), 819: (277, 266), 820: (277, 266)]
        // Two lanes on Dispatch threads: in a debug build this is a minute of decoding, which on
        // the cooperative pool's two threads would stall every other test's tasks that long.
        async let odds = onDispatchThread { Self.check(stride(from: 1, through: 826, by: 2), in: folder, odd: odd) }
        async let evens = onDispatchThread { Self.check(stride(from: 2, through: 826, by: 2), in: folder, odd: odd) }
        let failures = try await odds + evens
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    /// What is wrong with each avatar of `ids`: its size, its thumbnail, or the error it threw.
    static func check(_ ids: some Sequence<Int>, in folder: URL, odd: [Int: (Int, Int)]) -> [String] {
        var failures: [String] = []
        for id in ids {
            do {
                let bytes = Array(try Data(contentsOf: folder.appendingPathComponent("avatars/\(id).jpeg")))
                let full = try ImageDecoder(options: DecodeOptions(scaling: .none)).decode(bytes)
                let expected = odd[id] ?? (300, 300)
                if full.width != expected.0 || full.height != expected.1 {
                    failures.append("\(id): \(full.width)x\(full.height)")
                }
                let thumbnail = try Thumbnailer(circle: ImageProcessors.CircleThumbnail(size: 64)).thumbnail(bytes)
                if thumbnail.width != 64 || thumbnail[32, 32].alpha != 255 { failures.append("\(id): thumbnail") }
            } catch {
                failures.append("\(id): \(error)")
            }
        }
        return failures
    }
}
