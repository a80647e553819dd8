import Foundation
import LoupeImaging
import TestSupport

/// Inputs the imaging tests read, and helpers to compare pictures.
enum ImagingTestData {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let inputs = folder.appendingPathComponent("Inputs")
    static let goldens = folder.appendingPathComponent("Goldens")

    static func input(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: inputs.appendingPathComponent(name)))
    }

    static func avatar(_ id: Int) throws -> [UInt8] {
        Array(try Data(contentsOf: TestData.fixtures.appendingPathComponent("avatars/\(id).jpeg")))
    }

    /// The first fixture avatar stored in `format` (progressive JPEG when `progressive`).
    static func avatarID(png: Bool, progressive: Bool = true) throws -> Int {
        for id in 1...826 {
            let bytes = try avatar(id)
            let isPNG = bytes.starts(with: [0x89, 0x50])
            let isProgressive = zip(bytes.prefix(800), bytes.prefix(800).dropFirst()).contains { $0 == 0xFF && $1 == 0xC2 }
            if isPNG == png && (png || isProgressive == progressive) { return id }
        }
        throw CocoaError(.fileNoSuchFile)
    }

    /// The largest difference of any channel of any pixel.
    static func maxDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        precondition(a.width == b.width && a.height == b.height)
        return zip(a.pixels, b.pixels).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    /// The mean absolute difference over every channel.
    static func meanDifference(_ a: Bitmap, _ b: Bitmap) -> Double {
        precondition(a.width == b.width && a.height == b.height)
        let total = zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        return Double(total) / Double(a.pixels.count)
    }
}
