import Foundation
import LoupeToolbox
import TestSupport
import Testing

@testable import LoupePipeline

/// A cache folder that others may write cannot be turned against its readers: crafted entries,
/// links, FIFOs, folders and other programs' files in it, real files all.
@Suite struct DiskCacheTrustTests {
    /// Removed when the test ends.
    let temporary: TemporaryFolder
    /// A folder of the user's beside the cache, which no cache operation may touch.
    let outside: TemporaryFolder
    var folder: URL { temporary.url }
    var objects: URL { folder.appendingPathComponent("v2/objects") }

    init() throws {
        temporary = try TemporaryFolder()
        outside = try TemporaryFolder()
    }

    func open(_ configuration: DiskCacheConfiguration = DiskCacheConfiguration()) throws -> DiskCache {
        try DiskCache(root: folder, configuration: configuration)
    }

    func store(_ disk: DiskCache, _ name: String, bytes: [UInt8] = Array(repeating: 7, count: 100)) throws -> CacheKey {
        let key = CacheKey(["test", name])
        try disk.store(bytes, metadata: disk.metadata(.original, key: key, url: name, contentType: "image/png"), for: key)
        return key
    }

    func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Every file under the outside folder with its bytes: what no cache operation may change.
    func outsideContents() throws -> [String: Data] {
        var contents: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: outside.path) {
            contents[name] = try Data(contentsOf: outside.appendingPathComponent(name))
        }
        return contents
    }

    /// Runs `body` on a thread of its own and waits at most `seconds`: `nil` when it did not end
    /// (a read that waits on a FIFO would never end).
    func within<T: Sendable>(_ seconds: Double, _ body: @escaping @Sendable () throws -> T) async throws -> T? {
        let result = Locked<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        BackgroundThread.start(name: "rickdex.test") {
            let outcome = Result { try body() }
            result.withLock { $0 = outcome }
            done.signal()
        }
        let ended = try await onOwnThread { done.wait(timeout: .now() + seconds) == .success }
        guard ended else { return nil }
        return try result.withLock { $0 }?.get()
    }

    // MARK: Lengths

    /// The header's body length set to `length`, the file otherwise as stored.
    func setBodyLength(_ length: UInt64, of key: CacheKey, in disk: DiskCache) throws -> [UInt8] {
        let url = URL(fileURLWithPath: disk.path(for: key))
        var bytes = try [UInt8](Data(contentsOf: url))
        bytes.replaceSubrange(12..<20, with: withUnsafeBytes(of: length.littleEndian, Array.init))
        try Data(bytes).write(to: url)
        return bytes
    }

    @Test func aBodyLengthThatOverflowsIsAMissRemovedAndCounted() throws {
        let disk = try open()
        let key = try store(disk, "a")
        let bytes = try setBodyLength(0xFFFF_FFFF_FFFF_FFF0, of: key, in: disk)
        guard case .failure(.impossibleLength(_, let body)) = EntryFormat.decode(bytes) else {
            Issue.record("expected an impossible length, got \(EntryFormat.decode(bytes))")
            return
        }
        #expect(body == 0xFFFF_FFFF_FFFF_FFF0)
        #expect(disk.entry(for: key) == nil)
        #expect(!exists(disk.path(for: key)), "removed")
        #expect(disk.statistics.corruptRemoved == 1)
        #expect(disk.statistics.misses == 1)
        #expect(disk.recordedSize() == EntryTotals(entries: 0, bytes: 0), "taken off the size record")
    }

    @Test func verifyAndPruneRemoveAndCountAnOverflowingEntry() throws {
        let disk = try open()
        let kept = try store(disk, "kept")
        let key = try store(disk, "a")
        _ = try setBodyLength(.max, of: key, in: disk)
        let report = disk.verify()
        #expect(report.checked == 2 && report.valid == 1)
        #expect(report.removed.map(\.file) == [key.fileName])
        #expect(report.record == .matched, "the record counted the file, and was right before the removal")
        #expect(!exists(disk.path(for: key)))

        let again = try store(disk, "b")
        _ = try setBodyLength(0xFFFF_FFFF_FFFF_FFF0, of: again, in: disk)
        let pruned = try disk.prune()
        #expect(pruned.corrupt == 1)
        #expect(!exists(disk.path(for: again)))
        #expect(disk.entry(for: kept) != nil)
        #expect(disk.recordedSize().entries == 1)
    }

    /// A file far larger than the cache's limit (8 GiB, sparse) at an entry's name is not read
    /// whole: a miss at once, removed and counted.
    @Test func aFileLargerThanTheLimitIsNotRead() throws {
        let disk = try open(DiskCacheConfiguration(sizeLimit: 64 * 1024))
        let key = try store(disk, "a")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: disk.path(for: key)))
        try handle.truncate(atOffset: 8 << 30)
        try handle.close()
        let started = Date()
        #expect(disk.entry(for: key) == nil)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(!exists(disk.path(for: key)))
        #expect(disk.statistics.corruptRemoved == 1)

        let other = try store(disk, "b")
        let large = try FileHandle(forWritingTo: URL(fileURLWithPath: disk.path(for: other)))
        try large.truncate(atOffset: 8 << 30)
        try large.close()
        let report = disk.verify()
        #expect(report.removed == [VerifyReport.Problem(file: other.fileName, corruption: .tooLarge(size: 8 << 30, limit: 64 * 1024))])
    }

    // MARK: Links, FIFOs, folders

    /// Links planted in the tree: a shard folder that is a link to the outside folder (which
    /// holds a file with an entry's name), an entry that is a link to an outside file, and a link
    /// in `objects/` itself. Returns the links' paths.
    func plantLinks(_ disk: DiskCache, entry key: CacheKey) throws -> [String] {
        try Data("mine".utf8).write(to: outside.appendingPathComponent("precious.txt"))
        let victim = CacheKey(["test", "victim"]).fileName
        try Data("mine too".utf8).write(to: outside.appendingPathComponent(victim))
        let shard = objects.appendingPathComponent(String(victim.prefix(2)))
        try? FileManager.default.removeItem(at: shard)
        try FileManager.default.createSymbolicLink(at: shard, withDestinationURL: outside.url)
        let entry = URL(fileURLWithPath: disk.path(for: key))
        try? FileManager.default.removeItem(at: entry)
        try FileManager.default.createSymbolicLink(at: entry, withDestinationURL: outside.appendingPathComponent("precious.txt"))
        let loose = objects.appendingPathComponent("zz")
        try FileManager.default.createSymbolicLink(at: loose, withDestinationURL: outside.url)
        return [shard.path, entry.path, loose.path]
    }

    @Test(arguments: ["verify", "prune", "clear", "usage", "read"])
    func linksInTheCacheAreNeverFollowed(_ operation: String) throws {
        let disk = try open()
        let keys = try (0..<6).map { try store(disk, "e\($0)") }
        #expect(String(keys[0].fileName.prefix(2)) != String(CacheKey(["test", "victim"]).fileName.prefix(2)))
        let links = try plantLinks(disk, entry: keys[0])
        let before = try outsideContents()
        switch operation {
        case "verify":
            let report = disk.verify()
            #expect(Set(report.removed.filter { $0.corruption == .notAFile }.map(\.file)).count == 3, "\(report.removed)")
        case "prune": _ = try disk.prune()
        case "clear": _ = try disk.clear()
        case "usage": #expect(disk.usage().strays == 3)
        default: #expect(disk.entry(for: keys[0]) == nil, "a link at an entry's name is not read through")
        }
        #expect(try outsideContents() == before, "nothing outside the cache changed")
        if operation != "usage" && operation != "read" {
            #expect(links.allSatisfy { !exists($0) }, "the links themselves are removed")
        }
        if operation == "read" { #expect(!exists(links[1])) }
    }

    @Test func aFIFOInTheCacheHangsNoReaderAndIsRemoved() async throws {
        let disk = try open()
        let keys = try (0..<3).map { try store(disk, "e\($0)") }
        // At an entry's name, and at another name in a shard.
        let atEntry = disk.path(for: keys[0])
        try FileManager.default.removeItem(atPath: atEntry)
        #expect(mkfifo(atEntry, 0o600) == 0)
        let loose = (disk.path(for: keys[1]) as NSString).deletingLastPathComponent + "/pipe"
        #expect(mkfifo(loose, 0o600) == 0)
        // And in the size record's place.
        let record = folder.appendingPathComponent("v2/size").path
        try FileManager.default.removeItem(atPath: record)
        #expect(mkfifo(record, 0o600) == 0)

        let read = try await within(20) { disk.entry(for: keys[0]) }
        #expect(read == .some(nil), "a miss, at once")
        #expect(!exists(atEntry))
        #expect(mkfifo(atEntry, 0o600) == 0)
        let report = try await within(20) { disk.verify() }
        let found = try #require(report, "verify ended")
        #expect(Set(found.removed.map(\.file)) == [keys[0].fileName, "pipe"])
        #expect(found.valid == 2)
        #expect(!exists(atEntry) && !exists(loose))
        let size = try await within(20) { disk.recordedSize() }
        #expect(size?.entries == 2, "the record, recounted in a file of its own")
        #expect(disk.usage().strays == 0)
    }

    /// A folder where an entry should be, holding a file and a link to the outside folder: removed
    /// with what it holds, the link as itself; reported only once it is gone.
    @Test(arguments: ["verify", "prune", "clear"])
    func aStrayFolderIsRemovedWithoutFollowingItsLinks(_ operation: String) throws {
        let disk = try open()
        let key = try store(disk, "a")
        try Data("mine".utf8).write(to: outside.appendingPathComponent("precious.txt"))
        let stray = URL(fileURLWithPath: (disk.path(for: key) as NSString).deletingLastPathComponent).appendingPathComponent("stray")
        try FileManager.default.createDirectory(at: stray.appendingPathComponent("deeper"), withIntermediateDirectories: true)
        try Data([1]).write(to: stray.appendingPathComponent("deeper/file"))
        try FileManager.default.createSymbolicLink(at: stray.appendingPathComponent("out"), withDestinationURL: outside.url)
        #expect(disk.usage().strays == 1)
        switch operation {
        case "verify": #expect(disk.verify().removed == [VerifyReport.Problem(file: "stray", corruption: .notAFile)])
        case "prune": #expect(try disk.prune().strays == 1)
        default: #expect(try disk.clear().entries == 1, "one entry; the folder is no entry")
        }
        #expect(!exists(stray.path))
        #expect(try outsideContents() == ["precious.txt": Data("mine".utf8)])
    }

    // MARK: Temporary files

    /// A write staged by another process and not yet renamed survives `clear`, and lands after
    /// it; an abandoned one (older than ten minutes) goes.
    @Test func clearLeavesALiveWritersTemporaryFile() throws {
        let disk = try open()
        _ = try store(disk, "old")
        let key = CacheKey(["test", "in flight"])
        let entry = CacheEntry(metadata: disk.metadata(.original, key: key, url: "u", contentType: "image/png"), body: [4, 2])
        let staged = try AtomicFile.stage([EntryFormat.head(of: entry), entry.body], for: disk.path(for: key))
        let shard = (disk.path(for: key) as NSString).deletingLastPathComponent
        let abandoned = shard + "/.\(key.fileName).99999.1.tmp"
        try Data([0]).write(to: URL(fileURLWithPath: abandoned))
        var old = [timespec(tv_sec: Int(Date().timeIntervalSince1970) - 3600, tv_nsec: 0)]
        old.append(old[0])
        #expect(utimensat(AT_FDCWD, abandoned, &old, 0) == 0)

        #expect(try disk.clear().entries == 1)
        #expect(exists(staged.temporaryPath), "a live write is left")
        #expect(!exists(abandoned))
        try staged.commit()
        #expect(disk.entry(for: key)?.body == [4, 2])
    }

    // MARK: The size record

    /// Writers, clears, verifies and trims at once, each on a cache object of its own as separate
    /// processes are: the record ends exactly what the files hold.
    @Test func theSizeRecordStaysExactUnderConcurrentClearsVerifiesAndTrims() async throws {
        _ = try store(try open(), "first")
        let root = folder
        try await onDispatchThread {
            DispatchQueue.concurrentPerform(iterations: 6) { worker in
                guard let disk = try? DiskCache(root: root, configuration: DiskCacheConfiguration(sizeLimit: 40_000)) else {
                    return
                }
                for round in 0..<60 {
                    switch worker {
                    case 0, 1, 2:
                        // Overlapping names, so writers replace each other's entries.
                        let key = CacheKey(["test", "e\((round * 7 + worker) % 40)"])
                        let body = [UInt8](repeating: UInt8(worker), count: 200 + (round * 37 + worker * 11) % 900)
                        try? disk.store(body, metadata: disk.metadata(.original, key: key, url: "u", contentType: "x"), for: key)
                    case 3: if round % 10 == 0 { _ = try? disk.clear() }
                    case 4: if round % 10 == 5 { _ = disk.verify() }
                    default: disk.trimIfNeeded()
                    }
                }
            }
        }
        let disk = try open()
        let recorded = disk.recordedSize()
        let walked = disk.countEntries()
        #expect(recorded == EntryTotals(entries: Int(walked.entries), bytes: walked.bytes))
        #expect(disk.verify().record == .matched)
    }

    /// A write over a link planted at an entry's name replaces the link, leaves its target as it
    /// was, and counts the entry as new: the link was never on the record.
    @Test func aWriteOverALinkKeepsTheRecordExact() throws {
        let disk = try open()
        _ = try store(disk, "first")
        let target = outside.appendingPathComponent("large")
        try Data(repeating: 1, count: 50_000).write(to: target)
        let key = CacheKey(["test", "linked"])
        try FileManager.default.createSymbolicLink(atPath: disk.path(for: key), withDestinationPath: target.path)
        _ = try store(disk, "linked", bytes: [1, 2, 3])
        let walked = disk.countEntries()
        #expect(walked.entries == 2)
        #expect(disk.recordedSize() == EntryTotals(entries: 2, bytes: walked.bytes))
        #expect(try Data(contentsOf: target) == Data(repeating: 1, count: 50_000))
        #expect(disk.entry(for: key)?.body == [1, 2, 3])
    }

    /// A write whose shard folder is a link to a folder outside removes the link and writes
    /// inside the cache: nothing lands outside.
    @Test func aWriteNeverGoesThroughALinkedShardFolder() throws {
        let disk = try open()
        _ = try store(disk, "first")
        let key = CacheKey(["test", "linked shard"])
        let shard = objects.appendingPathComponent(String(key.fileName.prefix(2)))
        try FileManager.default.removeItem(at: shard)
        try FileManager.default.createSymbolicLink(at: shard, withDestinationURL: outside.url)
        _ = try store(disk, "linked shard", bytes: [5])
        #expect(try outsideContents().isEmpty, "nothing written outside")
        let kind = try FileManager.default.attributesOfItem(atPath: shard.path)[.type] as? FileAttributeType
        #expect(kind == .typeDirectory, "the shard is a folder again, not the link")
        #expect(disk.entry(for: key)?.body == [5])
    }

    /// The layout folder or the entry tree replaced by a link to a folder outside: the walks
    /// remove the link as itself and touch nothing outside, and a write makes the tree again
    /// inside the cache rather than writing through the link.
    @Test(arguments: ["v2", "v2/objects"])
    func aLinkedLayoutFolderIsRemovedNotFollowed(_ place: String) throws {
        let disk = try open()
        _ = try store(disk, "first")
        try Data("mine".utf8).write(to: outside.appendingPathComponent("precious.txt"))
        let linked = folder.appendingPathComponent(place)
        try FileManager.default.removeItem(at: linked)
        try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: outside.url)
        let before = try outsideContents()
        let name = linked.lastPathComponent
        #expect(disk.verify().removed == [VerifyReport.Problem(file: name, corruption: .notAFile)])
        #expect(!exists(linked.path))
        try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: outside.url)
        #expect(try disk.clear().entries == 0)
        #expect(!exists(linked.path))
        try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: outside.url)
        let key = try store(disk, "second", bytes: [2])
        #expect(try outsideContents() == before, "nothing outside the cache changed")
        let kind = try FileManager.default.attributesOfItem(atPath: linked.path)[.type] as? FileAttributeType
        #expect(kind == .typeDirectory, "made again inside the cache")
        #expect(disk.entry(for: key)?.body == [2])
    }

    /// A stray folder nested deeper than a removal goes (each level holds a descriptor) is
    /// refused with a reason, not a crash or a run out of descriptors; the entries still go.
    @Test func aStrayTreeTooDeepIsRefusedWithAReason() throws {
        let disk = try open()
        let key = try store(disk, "a")
        var deep = URL(fileURLWithPath: (disk.path(for: key) as NSString).deletingLastPathComponent)
        for _ in 0..<100 { deep.appendPathComponent("d") }
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        #expect(throws: DiskCacheError.self) { _ = try disk.clear() }
        #expect(disk.entry(for: key) == nil, "the entries were removed all the same")
        #expect(disk.recordedSize() == EntryTotals(entries: 0, bytes: 0))
    }

    // MARK: Which folder

    /// Any project may have a `v2/` folder: it is no proof of a cache. Refused, and left as it
    /// was: no tag written, nothing renamed or made.
    @Test func aFolderWithAV2ButNoTagIsRefusedUntouched() throws {
        let project = folder.appendingPathComponent("v2")
        try FileManager.default.createDirectory(at: project.appendingPathComponent("objects"), withIntermediateDirectories: true)
        try Data("int main() {}".utf8).write(to: project.appendingPathComponent("main.c"))
        #expect(throws: DiskCacheError.notACache(folder: folder)) { _ = try open() }
        #expect(!exists(folder.appendingPathComponent("CACHEDIR.TAG").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["v2"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.path).sorted() == ["main.c", "objects"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.appendingPathComponent("objects").path).isEmpty)
    }

    /// Another program's cache tag (the standard signature alone) is not this cache's.
    @Test func anotherProgramsTagIsNoProof() throws {
        let tag = "Signature: 8a477f597d28d172789f06886806bc55\n# another program's cache\n"
        try Data(tag.utf8).write(to: folder.appendingPathComponent("CACHEDIR.TAG"))
        try Data([1]).write(to: folder.appendingPathComponent("data.bin"))
        #expect(throws: DiskCacheError.notACache(folder: folder)) { _ = try open() }
        #expect(try String(contentsOf: folder.appendingPathComponent("CACHEDIR.TAG"), encoding: .utf8) == tag)
    }

    /// The tag the cache writes names it and its layout; a folder so tagged is taken again.
    @Test func theTagNamesThisCacheAndItsLayout() throws {
        let key = try store(try open(), "a")
        let tag = try String(contentsOf: folder.appendingPathComponent("CACHEDIR.TAG"), encoding: .utf8)
        #expect(tag.hasPrefix("Signature: 8a477f597d28d172789f06886806bc55\n"))
        #expect(tag.contains(DiskCache.ownLine))
        #expect(tag.contains("# Layout: v2 "))
        #expect(try open().entry(for: key) != nil)
    }

    /// A tag written by an earlier version, with the line it wrote then, still marks a cache.
    @Test func aTagOfAnEarlierVersionStillMarksACache() throws {
        let tag = "Signature: 8a477f597d28d172789f06886806bc55\n" + DiskCache.earlierOwnLines[0] + "\n"
        try Data(tag.utf8).write(to: folder.appendingPathComponent("CACHEDIR.TAG"))
        try Data("what the cache holds".utf8).write(to: folder.appendingPathComponent("README.md"))
        let key = try store(try open(), "a")
        #expect(try open().entry(for: key) != nil)
        #expect(try String(contentsOf: folder.appendingPathComponent("CACHEDIR.TAG"), encoding: .utf8) == tag, "left as it was")
    }

    /// What the cache makes is its user's alone: folders 0700, files 0600.
    @Test func aCacheFolderItMakesIsItsUsersAlone() throws {
        let root = folder.appendingPathComponent("new/cache")
        let disk = try DiskCache(root: root)
        let key = CacheKey(["test", "a"])
        try disk.store([1], metadata: disk.metadata(.original, key: key, url: "a", contentType: "x"), for: key)
        func mode(_ path: String) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        }
        let shard = (disk.path(for: key) as NSString).deletingLastPathComponent
        for path in [root.path, root.path + "/v2", root.path + "/v2/objects", shard] {
            #expect(try mode(path) == 0o700, "\(path)")
        }
        #expect(try mode(disk.path(for: key)) == 0o600)
        #expect(try mode(root.path + "/v2/size") == 0o600)
    }
}
