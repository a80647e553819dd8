import Foundation
import TestSupport
import Testing

@testable import LoupePipeline

/// The disk tier's size record: kept in O(1) by every write and removal, equal to a walk of the
/// files, and rebuilt whenever it is missing or damaged.
@Suite struct SizeRecordTests {
    let temporary: TemporaryFolder
    var folder: URL { temporary.url }
    var recordPath: String { folder.appendingPathComponent("v2/size").path }

    init() throws {
        temporary = try TemporaryFolder()
    }

    func open(limit: Int64 = 512 << 20) throws -> DiskCache {
        try DiskCache(root: folder, configuration: DiskCacheConfiguration(sizeLimit: limit))
    }

    func store(_ disk: DiskCache, _ name: String, count: Int) throws {
        let key = CacheKey(["test", name])
        try disk.store(
            [UInt8](repeating: UInt8(count % 251), count: count),
            metadata: disk.metadata(.original, key: key, url: name, contentType: "image/png"), for: key)
    }

    /// What a walk of the files finds, without touching the record.
    func walked() -> (entries: Int, bytes: Int64) {
        let objects = folder.appendingPathComponent("v2/objects").path
        var entries = 0
        var bytes: Int64 = 0
        for shard in (try? FileManager.default.contentsOfDirectory(atPath: objects)) ?? [] {
            // Hidden names are temporary files of writes, not entries.
            for name in (try? FileManager.default.contentsOfDirectory(atPath: "\(objects)/\(shard)")) ?? []
            where !name.hasPrefix(".") {
                let size = (try? FileManager.default.attributesOfItem(atPath: "\(objects)/\(shard)/\(name)")[.size]) as? Int
                entries += 1
                bytes += Int64(size ?? 0)
            }
        }
        return (entries, bytes)
    }

    @Test func writesReplacementsAndRemovalsKeepItExactWithoutAWalk() throws {
        let disk = try open()
        for index in 0..<40 { try store(disk, "e\(index)", count: 100 + index) }
        for index in 0..<10 { try store(disk, "e\(index)", count: 5000) }  // replaced, larger
        for index in 30..<40 { disk.remove(CacheKey(["test", "e\(index)"])) }
        disk.remove(CacheKey(["test", "never stored"]))
        let recorded = disk.recordedSize()
        #expect(recorded.entries == 30)
        #expect(recorded.entries == walked().entries && recorded.bytes == walked().bytes)
        #expect(disk.statistics.recordWalks == 0, "an ordinary write or read walked the tree")
        _ = disk.entry(for: CacheKey(["test", "e1"]))
        #expect(disk.statistics.recordWalks == 0)
    }

    @Test(arguments: ["deleted", "truncated", "garbled", "half-written", "too long"])
    func aDamagedRecordIsRebuiltAndNothingIsLost(damage: String) throws {
        let disk = try open()
        for index in 0..<20 { try store(disk, "e\(index)", count: 300 + index) }
        let good = try [UInt8](Data(contentsOf: URL(fileURLWithPath: recordPath)))
        switch damage {
        case "deleted": try FileManager.default.removeItem(atPath: recordPath)
        case "truncated": try Data(good.prefix(12)).write(to: URL(fileURLWithPath: recordPath))
        case "garbled":
            var bytes = good
            bytes[10] ^= 0xFF
            try Data(bytes).write(to: URL(fileURLWithPath: recordPath))
        case "half-written":
            // A kill -9 between the two halves of the 32 bytes: new totals, old checksum.
            var bytes = good
            bytes.replaceSubrange(8..<16, with: withUnsafeBytes(of: Int64(1).littleEndian, Array.init))
            try Data(bytes).write(to: URL(fileURLWithPath: recordPath))
        default: try Data(good + [0]).write(to: URL(fileURLWithPath: recordPath))
        }
        // Another process opens the damaged cache and goes on writing.
        let other = try open()
        try store(other, "after", count: 999)
        #expect(other.recordedSize().entries == 21)
        #expect(other.recordedSize().entries == walked().entries && other.recordedSize().bytes == walked().bytes)
        #expect(other.statistics.recordWalks == 1, "rebuilt once")
        #expect(other.verify().record == .matched)
        #expect(other.entry(for: CacheKey(["test", "e3"]))?.body.count == 303)
    }

    @Test func verifyNamesARecordThatIsWrongAndRepairsIt() throws {
        let disk = try open()
        for index in 0..<5 { try store(disk, "e\(index)", count: 400) }
        try SizeRecord(path: recordPath).replace(with: SizeRecord.Totals(bytes: 1, entries: 99))
        let report = disk.verify()
        #expect(report.record == .repaired)
        #expect(disk.recordedSize().entries == 5)
        #expect(disk.verify().record == .matched)
    }

    @Test func fourWritersAtOnceLeaveTheRecordEqualToTheFiles() async throws {
        let caches = try (0..<4).map { _ in try open() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (writer, disk) in caches.enumerated() {
                group.addTask {
                    // Overlapping names, so writers replace each other's entries at the same moment.
                    for index in 0..<150 { try store(disk, "e\((index * 7 + writer) % 200)", count: 200 + writer * 50 + index) }
                    for index in stride(from: writer, to: 200, by: 9) { disk.remove(CacheKey(["test", "e\(index)"])) }
                }
            }
            try await group.waitForAll()
        }
        let recorded = try open().recordedSize()
        #expect(recorded.entries == walked().entries)
        #expect(recorded.bytes == walked().bytes)
    }

    @Test func pastTheLimitItTrimsAndTheRecordFollows() throws {
        let disk = try open(limit: 20_000)
        for index in 0..<40 { try store(disk, "e\(index)", count: 1000) }
        let recorded = disk.recordedSize()
        #expect(recorded.bytes <= 20_000)
        #expect(recorded.entries == walked().entries && recorded.bytes == walked().bytes)
        #expect(disk.statistics.evictions > 0)
    }
}
