import Foundation
import SystemPackage
import Testing
import LoupeToolbox

/// Staged files written from several parts with `writev`, and renamed into place only where
/// nothing is (`renameat2` with `RENAME_NOREPLACE`), on real files.
@Suite final class AtomicFileTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("toolbox-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func contents(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { Array($0) }
    }

    @Test func partsAreWrittenOneAfterAnotherWithNothingBetween() throws {
        let parts: [[UInt8]] = [Array("head".utf8), [], Array(repeating: 7, count: 200_000), [1], []]
        let staged = try AtomicFile.stage(parts, for: "\(folder)/entry")
        #expect(contents("\(folder)/entry") == nil)
        try staged.commit()
        #expect(contents("\(folder)/entry") == parts.flatMap { $0 })
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["entry"])
    }

    @Test func morePartsThanOneWritevTakesAreAllWritten() throws {
        // 3,000 parts: the kernel takes 1,024 per call, so the loop goes round three times.
        let parts = (0..<3000).map { index in [UInt8](repeating: UInt8(index % 251), count: index % 5) }
        try AtomicFile.stage(parts, for: "\(folder)/many").commit()
        #expect(contents("\(folder)/many") == parts.flatMap { $0 })
    }

    @Test func commitUnlessPresentRenamesOnlyWhereNothingIs() throws {
        let destination = "\(folder)/entry"
        let first = try AtomicFile.stage([[1, 2, 3]], for: destination)
        #expect(try first.commitUnlessPresent())
        #expect(contents(destination) == [1, 2, 3])
        #expect(contents(first.temporaryPath) == nil)

        // Something is there now: nothing moves, and the staged file waits for `commit()`.
        let second = try AtomicFile.stage([[9, 9]], for: destination)
        #expect(try !second.commitUnlessPresent())
        #expect(contents(destination) == [1, 2, 3])
        #expect(contents(second.temporaryPath) == [9, 9])
        try second.commit()
        #expect(contents(destination) == [9, 9])
    }

    @Test func aFolderThatWentMeanwhileIsNamedNotTakenForAnExistingFile() throws {
        let staged = try AtomicFile.stage([[1]], for: "\(folder)/entry")
        #expect(throws: Errno(rawValue: ENOENT)) {
            try FileSystem.renameUnlessPresent(staged.temporaryPath, to: "\(folder)/gone/entry")
        }
        #expect(throws: Errno(rawValue: ENOENT)) { try AtomicFile.stage([[1]], for: "\(folder)/gone/entry") }
        staged.discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
}
