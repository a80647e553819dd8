import Foundation
import Testing
import LoupeToolbox

/// `SHA256` against FIPS 180-4's examples and against coreutils' `sha256sum` on many lengths and
/// splits (every padding case: a tail of 0...63 bytes, and one that needs a block of its own).
@Suite struct SHA256Tests {
    static func hex(_ digest: [UInt8]) -> String {
        digest.map { String(format: "%02x", $0) }.joined()
    }

    @Test func theStandardsExamples() {
        #expect(Self.hex(SHA256.hash(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Self.hex(SHA256.hash([UInt8]())) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            Self.hex(SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        var million = SHA256()
        for _ in 0..<1000 { million.update([UInt8](repeating: UInt8(ascii: "a"), count: 1000)) }
        #expect(Self.hex(million.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func agreesWithSha256sumOnEveryTailLengthAndSplit() throws {
        let tool = "/usr/bin/sha256sum"
        try #require(FileManager.default.isExecutableFile(atPath: tool), "sha256sum (coreutils) is needed")
        var generator = SplitMix64(seed: 0x5A256)
        let lengths = Array(0...130) + [1000, 4095, 65_536, 1 << 20]
        let inputs = lengths.map { length in (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) } }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sha256-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try inputs.enumerated().map { index, bytes in
            let file = folder.appendingPathComponent("\(index)")
            try Data(bytes).write(to: file)
            return file.path
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = files
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let listing = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let expected = listing.split(separator: "\n").map { String($0.prefix(64)) }
        try #require(expected.count == inputs.count, "\(listing)")
        for (index, bytes) in inputs.enumerated() {
            #expect(Self.hex(SHA256.hash(bytes)) == expected[index], "length \(bytes.count)")
            // The same bytes in three uneven pieces.
            var pieces = SHA256()
            let first = bytes.count / 3
            let second = first + (bytes.count - first) / 5
            pieces.update(Array(bytes[..<first]))
            pieces.update(Array(bytes[first..<second]))
            pieces.update(Array(bytes[second...]))
            #expect(Self.hex(pieces.finalize()) == expected[index], "length \(bytes.count) in pieces")
        }
    }
}
