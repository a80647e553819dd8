import Foundation
import LoupeHTTP
import RickAndMortyAPI
import TestSupport
import Testing

@testable import LoupePipeline

@Suite struct DiskCacheTests {
    /// Removed when the test ends.
    let temporary: TemporaryFolder
    var folder: URL { temporary.url }

    init() throws {
        temporary = try TemporaryFolder()
    }

    func open(_ configuration: DiskCacheConfiguration = DiskCacheConfiguration()) throws -> DiskCache {
        try DiskCache(root: folder, configuration: configuration)
    }

    func store(_ disk: DiskCache, _ name: String, bytes: [UInt8], kind: EntryKind = .original) throws -> CacheKey {
        let key = CacheKey(["test", name])
        try disk.store(bytes, metadata: disk.metadata(kind, key: key, url: name, contentType: "image/png"), for: key)
        return key
    }

    @Test func anEntryReadsBackWithItsMetadata() throws {
        let disk = try open()
        let key = CacheKey(["url", "https://example.com/a.jpeg"])
        let now = Date(timeIntervalSince1970: 1_700_000_000.25)
        let metadata = disk.metadata(
            .original, key: key, url: "https://example.com/a.jpeg", contentType: "image/jpeg", etag: "\"abc\"",
            lastModified: "Sat, 04 Nov 2017 18:48:46 GMT", now: now)
        try disk.store([1, 2, 3, 255], metadata: metadata, for: key)
        let entry = try #require(disk.entry(for: key))
        #expect(entry.body == [1, 2, 3, 255])
        #expect(entry.metadata == metadata)
        #expect(entry.metadata.expiresAt == now.addingTimeInterval(30 * 24 * 3600))
        let path = disk.path(for: key)
        #expect(path.hasPrefix(folder.path + "/v2/objects/\(key.fileName.prefix(2))/"))
        #expect(disk.statistics.hits == 1)
    }

    @Test func theServersLifetimeIsKeptAndRenewedAndDefaultsKeepTheOldForm() throws {
        let disk = try open()
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let key = CacheKey(["test", "server"])
        let told = CacheDirectives(mayStore: true, lifetime: .seconds(600), mustRevalidate: true)
        try disk.store(
            [1], metadata: disk.metadata(.original, key: key, url: "x", contentType: "a", directives: told, now: now), for: key)
        let entry = try #require(disk.entry(for: key))
        #expect(entry.metadata.expiresAt == now.addingTimeInterval(600))
        #expect(entry.metadata.lifetimeFromServer)
        #expect(entry.metadata.mustRevalidate)
        // A 304 that says nothing renews for the lifetime the server gave before, not the default.
        let renewed = try disk.renew(entry, for: key, now: now.addingTimeInterval(1000))
        #expect(renewed.expiresAt == now.addingTimeInterval(1600))
        #expect(renewed.lifetimeFromServer && renewed.mustRevalidate)

        // Without the server's word, the entry is written in the nine fields every version reads.
        let plain = disk.metadata(.original, key: key, url: "x", contentType: "a", now: now)
        #expect(!plain.lifetimeFromServer && !plain.mustRevalidate)
        let bytes = EntryFormat.encode(CacheEntry(metadata: plain, body: []))
        #expect(String(decoding: bytes, as: UTF8.self).hasSuffix("0:"))
        #expect(EntryFormat.metadata(fromPrefix: bytes) == plain)
        let marked = EntryFormat.encode(CacheEntry(metadata: entry.metadata, body: []))
        #expect(String(decoding: marked, as: UTF8.self).hasSuffix("2:s!"))
    }

    @Test func aDamagedEntryIsRemovedAndCountsAsAMiss() throws {
        let disk = try open()
        let key = try store(disk, "a", bytes: Array(repeating: 7, count: 1000))
        let path = disk.path(for: key)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[bytes.count - 10] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(disk.entry(for: key) == nil)
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(disk.statistics.corruptRemoved == 1)
        #expect(disk.statistics.misses == 1)
    }

    @Test func aTruncatedEntryIsRemoved() throws {
        let disk = try open()
        let key = try store(disk, "a", bytes: Array(repeating: 7, count: 1000))
        let path = disk.path(for: key)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(bytes.count - 1).write(to: URL(fileURLWithPath: path))
        #expect(
            EntryFormat.decode([UInt8](bytes.prefix(bytes.count - 1)))
                == .failure(.wrongLength(expected: UInt64(bytes.count), actual: UInt64(bytes.count - 1))))
        #expect(disk.entry(for: key) == nil)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func verifyRemovesExactlyTheCorruptEntries() throws {
        let disk = try open()
        let keys = try (0..<6).map { try store(disk, "e\($0)", bytes: Array(repeating: UInt8($0), count: 500)) }
        for key in keys.prefix(2) {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: disk.path(for: key)))
            try handle.seek(toOffset: 100)
            handle.write(Data([0xEE, 0xEE]))
            try handle.close()
        }
        // An entry renamed to another key's name is caught too.
        let elsewhere = URL(fileURLWithPath: disk.path(for: CacheKey(["elsewhere"])))
        try FileManager.default.createDirectory(at: elsewhere.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: disk.path(for: keys[2]), toPath: elsewhere.path)
        let report = disk.verify()
        #expect(report.checked == 6)
        #expect(report.valid == 3)
        #expect(Set(report.removed.map(\.file)) == Set([keys[0].fileName, keys[1].fileName, CacheKey(["elsewhere"]).fileName]))
        #expect(disk.verify().removed.isEmpty)
        for key in keys.suffix(3) { #expect(disk.entry(for: key) != nil) }
    }

    @Test func expiryFollowsTheKindsLifetime() throws {
        let answer = EntryKind(rawValue: "answer")
        let disk = try open(DiskCacheConfiguration(defaultLifetime: .seconds(3600), lifetimes: [answer: .seconds(60)]))
        let now = Date()
        let response = disk.metadata(answer, key: CacheKey(["r"]), url: "r", contentType: "application/json", now: now)
        let image = disk.metadata(.processed, key: CacheKey(["v"]), url: "v", contentType: "image/png", now: now)
        #expect(response.isFresh(at: now.addingTimeInterval(59)))
        #expect(!response.isFresh(at: now.addingTimeInterval(61)))
        #expect(image.isFresh(at: now.addingTimeInterval(3599)))
        #expect(!image.isFresh(at: now.addingTimeInterval(3601)))
    }

    @Test func trimmingRemovesTheLeastRecentlyReadUntilUnderTarget() throws {
        // Each entry is about 1 KiB; the limit holds about 5 of them.
        let disk = try open(DiskCacheConfiguration(sizeLimit: 5_500, trimTarget: 0.8))
        let keys = try (0..<5).map { try store(disk, "e\($0)", bytes: Array(repeating: UInt8($0), count: 1000)) }
        // Ages the entries e0 (oldest) … e4, then reads e0: the cache's own access clock.
        let now = Date().timeIntervalSince1970
        for (index, key) in keys.enumerated() {
            var times = [timespec(tv_sec: Int(now) - 1000 + index * 100, tv_nsec: 0)]
            times.append(times[0])
            #expect(utimensat(AT_FDCWD, disk.path(for: key), &times, 0) == 0)
        }
        #expect(disk.entry(for: keys[0]) != nil)
        let newest = try store(disk, "e5", bytes: Array(repeating: 5, count: 1000))
        // Over 5,500 bytes: trimmed to 4,400 or less, oldest access first: e1, e2 go; e0 stays.
        let present = (keys + [newest]).map { disk.entry(for: $0) != nil }
        #expect(present == [true, false, false, true, true, true])
        #expect(disk.statistics.evictions == 2)
        // e1 and e2, each the size of e0's file (the same lengths of name and body).
        let size = try #require(FileManager.default.attributesOfItem(atPath: disk.path(for: keys[0]))[.size] as? Int)
        #expect(disk.statistics.bytesEvicted == Int64(2 * size))
        #expect(disk.usage().bytes <= 4_400)
    }

    @Test func aLargeCachePastItsLimitIsTrimmedFromASampleOfItsOldestNotAWalk() async throws {
        // Thousands of writes: off the cooperative pool (see `onDispatchThread`).
        try await onDispatchThread { try self.trimsALargeCacheFromASample() }
    }

    func trimsALargeCacheFromASample() throws {
        // 5,000 entries, entry i last read at base + i seconds: the oldest have the lowest index.
        let filling = try open()
        let count = 5_000
        let keys = try (0..<count).map { try store(filling, "e\($0)", bytes: Array(repeating: UInt8($0 % 251), count: 200)) }
        let base = Int(Date().timeIntervalSince1970) - 100_000
        for (index, key) in keys.enumerated() {
            var times = [timespec(tv_sec: base + index, tv_nsec: 0)]
            times.append(times[0])
            #expect(utimensat(AT_FDCWD, filling.path(for: key), &times, 0) == 0)
        }
        let full = filling.recordedSize()
        #expect(full.entries == count)

        // The same cache opened with a limit it is at: the next writes take it past.
        let disk = try open(DiskCacheConfiguration(sizeLimit: full.bytes, trimTarget: 0.8))
        let added = try (0..<3).map { try store(disk, "new\($0)", bytes: Array(repeating: 7, count: 200)) }
        #expect(disk.statistics.sampledTrims >= 1)
        // No walk of the tree: the record was kept by each removal.
        #expect(disk.statistics.recordWalks == 0)
        let recorded = disk.recordedSize()
        #expect(recorded.bytes <= full.bytes)
        #expect(disk.usage().bytes == recorded.bytes)

        // What went are old entries (a sample's oldest fifth, about 20 of the 80 or so the four shards
        // hold), never the newest half or the new ones.
        let evicted = keys.indices.filter { !disk.contains(keys[$0]) }
        #expect(!evicted.isEmpty)
        #expect(disk.statistics.evictions == evicted.count)
        #expect(evicted.allSatisfy { $0 < count / 2 }, "evicted ranks: \(evicted)")
        #expect(added.allSatisfy { disk.contains($0) })
    }

    @Test func pruneRemovesExpiredEntriesAndAbandonedTemporaryFiles() throws {
        let answer = EntryKind(rawValue: "answer")
        let disk = try open(DiskCacheConfiguration(lifetimes: [answer: .seconds(1)]))
        let stale = try store(disk, "old", bytes: [1], kind: answer)
        let fresh = try store(disk, "new", bytes: [2], kind: .original)
        // What a killed writer leaves beside an entry, what a live one is writing, and a leftover
        // in the staging folder of earlier versions.
        let shard = (disk.path(for: fresh) as NSString).deletingLastPathComponent
        let abandoned = URL(fileURLWithPath: shard).appendingPathComponent(".\(fresh.fileName).99999.1.tmp")
        let inFlight = URL(fileURLWithPath: shard).appendingPathComponent(".\(fresh.fileName).99999.2.tmp")
        let legacy = folder.appendingPathComponent("v2/tmp/abandoned.tmp")
        try FileManager.default.createDirectory(at: legacy.deletingLastPathComponent(), withIntermediateDirectories: true)
        for file in [abandoned, inFlight, legacy] { try Data([0]).write(to: file) }
        var old = [timespec(tv_sec: Int(Date().timeIntervalSince1970) - 3600, tv_nsec: 0)]
        old.append(old[0])
        for file in [abandoned, legacy] { utimensat(AT_FDCWD, file.path, &old, 0) }
        #expect(disk.usage().temporaryFiles == 3)
        #expect(disk.usage().entries == 2, "temporary files are no entries")
        let report = try disk.prune(now: Date().addingTimeInterval(2))
        #expect(report.expired == 1)
        #expect(report.temporaryFiles == 2)
        #expect(disk.entry(for: stale) == nil)
        #expect(disk.entry(for: fresh)?.body == [2])
        #expect(!FileManager.default.fileExists(atPath: abandoned.path))
        #expect(!FileManager.default.fileExists(atPath: legacy.path))
        #expect(FileManager.default.fileExists(atPath: inFlight.path), "a young temporary file may be a live write")
        #expect(disk.verify().removed.isEmpty, "verify leaves temporary files to prune")
        #expect(try disk.clear().entries == 1)
        #expect(FileManager.default.fileExists(atPath: inFlight.path), "clear leaves a live write too")
    }

    /// The layout before (`v1/`) is taken over whole: renamed `v2/`, its entries read as they
    /// are, `variant` as `processed`; an older release then finds no `v1/` to misread.
    @Test func aCacheOfTheLayoutBeforeIsTakenOverByRenamingIt() throws {
        let keys = try (0..<3).map { try store(try open(), "old \($0)", bytes: [UInt8($0), 7], kind: .processed) }
        let current = folder.appendingPathComponent("v2"), before = folder.appendingPathComponent("v1")
        try FileManager.default.moveItem(at: current, to: before)
        let disk = try open()
        #expect(!FileManager.default.fileExists(atPath: before.path))
        #expect(FileManager.default.fileExists(atPath: current.path))
        #expect(keys.map { disk.entry(for: $0)?.body } == [[0, 7], [1, 7], [2, 7]])
        #expect(EntryKind(rawValue: "variant") == .processed)
        #expect(disk.usage().entries == 3)
    }

    /// A folder of the user's that holds a `v1/` of its own is not a cache of the layout before:
    /// refused, and its `v1/` left where it is.
    @Test func aUsersFolderWithAV1IsNeitherRenamedNorTaken() throws {
        let own = folder.appendingPathComponent("v1/objects")
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: own.appendingPathComponent("notes.txt"))
        #expect(throws: DiskCacheError.notACache(folder: folder)) { _ = try open() }
        #expect(FileManager.default.fileExists(atPath: own.appendingPathComponent("notes.txt").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("v2").path))
    }

    @Test func aWriteTheDiskRefusesIsAnErrorAndLeavesNoEntry() throws {
        let disk = try open()
        let kept = try store(disk, "kept", bytes: [9, 9])
        // The lost entry's shard folder replaced by a file: its write now fails (ENOTDIR), as on a
        // read-only or full disk; reads still work.
        let lost = CacheKey(["test", "lost"])
        let shard = URL(fileURLWithPath: (disk.path(for: lost) as NSString).deletingLastPathComponent)
        try #require(shard.path != (disk.path(for: kept) as NSString).deletingLastPathComponent)
        try FileManager.default.removeItem(at: shard)
        try Data().write(to: shard)
        let failure = #expect(throws: DiskCacheError.self) { _ = try store(disk, "lost", bytes: [1]) }
        #expect(disk.entry(for: lost) == nil)
        #expect(disk.entry(for: kept)?.body == [9, 9])
        #expect(failure?.description.contains("Not a directory") == true)
        guard case .writeFailed(_, let cause)? = failure else {
            Issue.record("expected a write failure, got \(String(describing: failure))")
            return
        }
        #expect(cause == .notDirectory, "the system's reason kept as its errno")
        #expect(disk.statistics.writeFailures == 1)
    }

    @Test func aWriteWhoseShardFolderWasRemovedMakesItAgain() throws {
        let disk = try open()
        _ = try store(disk, "first", bytes: [1])  // the tree is made with the first write
        let key = CacheKey(["test", "again"])
        let shard = (disk.path(for: key) as NSString).deletingLastPathComponent
        try FileManager.default.removeItem(atPath: shard)
        _ = try store(disk, "again", bytes: [4, 2])
        #expect(disk.entry(for: key)?.body == [4, 2])
        #expect(try FileManager.default.contentsOfDirectory(atPath: shard) == [key.fileName])
    }

    @Test func aCacheFolderThatIsAFileIsReportedByPath() throws {
        let file = folder.appendingPathComponent("not-a-folder")
        try Data().write(to: file)
        #expect {
            _ = try DiskCache(root: file)
        } throws: { error in
            (error as? DiskCacheError)?.description.contains(file.path) == true
        }
    }

    @Test func clearRemovesEveryEntry() throws {
        let disk = try open()
        let keys = try (0..<3).map { try store(disk, "e\($0)", bytes: [UInt8($0)]) }
        #expect(try disk.clear().entries == 3)
        #expect(keys.allSatisfy { disk.entry(for: $0) == nil })
        _ = try store(disk, "again", bytes: [1])
        #expect(disk.usage().entries == 1)
    }
}
