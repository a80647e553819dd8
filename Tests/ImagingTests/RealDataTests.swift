import Foundation
import TestSupport
import Testing

@testable import Imaging

/// Every avatar the real service sends decodes to its true size and makes a thumbnail.
@Suite struct RealDataTests {
    @Test(.enabled(if: TestData.realData != nil, Comment(rawValue: TestData.realDataMissing)))
    func everyRealAvatarDecodesAndMakesAThumbnail() async throws {
        let folder = try #require(TestData.realData)
        let odd: [Int: (Int, Int)] = [607: (264, 264), 623: (264, 264), 710: (299, 295), 819: (277, 266), 820: (277, 266)]
        let failures = await withTaskGroup(of: [String].self) { group in
            for lane in 0..<2 {
                group.addTask {
                    var failures: [String] = []
                    for id in stride(from: 1 + lane, through: 826, by: 2) {
                        do {
                            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent("avatars/\(id).jpeg")))
                            let full = try ImageDecoder(options: DecodeOptions(scaling: .none)).decode(bytes)
                            let expected = odd[id] ?? (300, 300)
                            if full.width != expected.0 || full.height != expected.1 {
                                failures.append("\(id): \(full.width)x\(full.height)")
                            }
                            let thumbnail = try Thumbnailer(circle: ImageProcessors.Circle(size: 64)).thumbnail(bytes)
                            if thumbnail.width != 64 || thumbnail[32, 32].alpha != 255 { failures.append("\(id): thumbnail") }
                        } catch {
                            failures.append("\(id): \(error)")
                        }
                    }
                    return failures
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }
}
