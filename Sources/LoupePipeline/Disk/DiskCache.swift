import FoundationEssentials
import LoupeHTTP
import SystemPackage
import LoupeToolbox

/// The disk tier: one file per entry under `<root>/v2/objects/ab/<sha256>`, written atomically,
/// checksummed, trimmed by least recent use to a size limit.
///
/// Safe to share between tasks and between processes: a write lands in a hidden temporary file
/// beside its entry (`ab/.<sha256>.<pid>.<n>.tmp`) and is renamed into place, and a reader sees a
/// whole entry or none. Staging beside the entry keeps each rename inside one folder and spreads
/// creates over 256 folders; one shared staging folder made every write of every process wait
/// for that folder's lock (which ext4 holds while it searches for a free inode). The only shared
/// state besides the entries is `SizeRecord` (`v2/size`), the running total every write updates
/// in O(1), so no ordinary command walks the tree: only `verify`, `prune`, `clear` and `usage()`
/// do, and a trim of a cache small enough to list in milliseconds; a larger cache past its limit
/// is trimmed from a sample of its shards. The file's modification time is the access clock (set
/// on reads; `relatime` makes atime useless).
public final class DiskCache: DataCaching {
    /// The folder given, which holds `v2/`.
    public let root: URL
    public let configuration: DiskCacheConfiguration
    let objects: String
    /// Where writes were staged before they moved beside their entries; `prune` and `clear` still
    /// sweep it, `usage()` counts it.
    let legacyTemporary: String
    let record: SizeRecord

    private struct State {
        var statistics = DiskStatistics()
        /// The size a full disk left room for, once one was met.
        var roomFound: Int64?
    }
    private let state = Locked(State())

    /// Reads touch an entry's clock at most this often.
    private static let touchInterval = 60.0
    /// A temporary file this old belongs to no live write.
    private static let abandonedAfter = 600.0

    /// The cache directory tag (bford.info/cachedir) that marks a folder as a cache: backup tools
    /// skip it, so the cache takes only a folder that is missing, empty, or has this tag or an entry tree.
    /// The layout's folder: a new layout gets a new one.
    static let layout = "v2"
    /// The layout before, taken over by `init`.
    static let previousLayout = "v1"
    static let tagName = "CACHEDIR.TAG"
    static let tag = """
        Signature: 8a477f597d28d172789f06886806bc55
        # This file is a cache directory tag created by LoupePipeline's DiskCache, an image cache.
        # For information about cache directory tags, see https://bford.info/cachedir/

        """

    /// Opens the cache at `root`. Nothing is made on disk until the first write, which makes the
    /// folder, marks it with `CACHEDIR.TAG` and lays out the entry tree.
    ///
    /// A folder is taken only when it is missing, empty or already a cache (a tag or an entry
    /// tree): one that holds other files is refused with `notACache` and left as it is, since
    /// the tag would hide those files from backups (`tar --exclude-caches`, borg, restic).
    ///
    /// A cache of the layout before (`v1/`: the same entries; answers there name the real
    /// service's root, and processed images the kind `variant`, which read the same) is taken
    /// over whole by renaming it `v2/`: an older release opening the folder afterwards finds no
    /// cache and starts its own, rather than misreading this one's entries.
    public init(root: URL, configuration: DiskCacheConfiguration = DiskCacheConfiguration()) throws(DiskCacheError) {
        self.root = root
        self.configuration = configuration
        var version = root.appendingPathComponent(Self.layout).path
        let previous = root.appendingPathComponent(Self.previousLayout).path
        // Only a cache's own `v1/` (the folder tagged, an entry tree in it): a folder of the
        // user's that happens to hold a `v1/` is refused below, untouched.
        let tagged = FileSystem.info(root.appendingPathComponent(Self.tagName).path) != nil
        if tagged, FileSystem.info(version) == nil, FileSystem.isFolder(previous + "/objects"),
            (try? FileSystem.renameUnlessPresent(previous, to: version)) != true, FileSystem.info(version) == nil
        {
            // A folder that cannot be renamed (a read-only disk) is read where it is.
            version = previous
        }
        objects = version + "/objects"
        legacyTemporary = version + "/tmp"
        record = SizeRecord(path: version + "/size")
        guard FileSystem.exists(root.path) else {
            // Made with the first write; one that could never be made is refused now.
            if let reason = FileSystem.reasonFolderCannotBeMade(root.path) { throw .unusable(folder: root, cause: reason) }
            return
        }
        guard FileSystem.isFolder(root.path) else { throw .unusable(folder: root, cause: .notDirectory) }
        let marked =
            FileSystem.info(root.appendingPathComponent(Self.tagName).path) != nil || FileSystem.info(version) != nil
        if !marked, !FileSystem.list(root.path).isEmpty { throw .notACache(folder: root) }
    }

    /// Whether the entry tree exists (a write has been made, now or by an earlier process).
    private var hasTree: Bool { FileSystem.isFolder(objects) }

    /// Makes the folder, its tag and the 256 shard folders, so that a write never finds its folder
    /// missing, and the size record, counted under its lock (exact with other processes writing
    /// their first entries at once; the walk of a new tree lists 256 empty folders).
    private func makeTree() throws(Errno) {
        try FileSystem.makeFolder(objects)
        let tag = root.appendingPathComponent(Self.tagName).path
        if FileSystem.info(tag) == nil { try? AtomicFile.write(Array(Self.tag.utf8), to: tag) }
        for shard in 0..<256 {
            try? FileSystem.makeFolder("\(objects)/\(Self.shardName(shard))")
        }
        try? record.setIfMissing {
            let files = objectFiles()
            return SizeRecord.Totals(bytes: files.reduce(0) { $0 + $1.info.size }, entries: Int64(files.count))
        }
    }

    public var statistics: DiskStatistics { state.withLock { $0.statistics } }

    /// The size a full disk left room for, once one was met in this process: the cache keeps to
    /// it from then on, its oldest entries dropped to make room. `nil`: the disk never filled.
    public var roomFound: Int64? { state.withLock { $0.roomFound } }

    // MARK: Entries

    /// The entry for `key`, verified; a corrupt one is removed and counts as a miss.
    public func entry(for key: CacheKey) -> CacheEntry? {
        let path = self.path(for: key)
        guard let bytes = FileSystem.read(path, touchAfter: Self.touchInterval) else {
            state.withLock { $0.statistics.misses += 1 }
            return nil
        }
        switch check(bytes, expectedKey: key.description) {
        case .success(let entry):
            state.withLock {
                $0.statistics.hits += 1
                $0.statistics.bytesRead += Int64(bytes.count)
            }
            return entry
        case .failure:
            removeEntryFile(path)
            state.withLock {
                $0.statistics.misses += 1
                $0.statistics.corruptRemoved += 1
            }
            return nil
        }
    }

    /// Stores `body` under `key`, replacing what was there. Throws when the disk refuses.
    public func store(_ body: [UInt8], metadata: EntryMetadata, for key: CacheKey) throws(DiskCacheError) {
        // The entry names the key it is stored under, whatever key its metadata was made for (a
        // wrapper that re-keys entries hands on the pipeline's metadata).
        var metadata = metadata
        metadata.key = key.description
        do {
            try write(body, metadata: metadata, for: key)
        } catch .writeFailed(_, .noSpace) {
            // A full disk: the cache fits itself to the room it found (its oldest entries go, or
            // went in a write beside this one), keeps to that from now on, and tries once more.
            makeRoom(for: Int64(body.count))
            do {
                try write(body, metadata: metadata, for: key)
            } catch {
                state.withLock { $0.statistics.writeFailures += 1 }
                throw error
            }
        }
    }

    /// The size the cache keeps to: the configured limit, or the room a full disk left it.
    private var sizeLimit: Int64 {
        min(configuration.sizeLimit, state.withLock { $0.roomFound } ?? .max)
    }

    /// After a full disk: lowers the size kept to to what the cache holds less a tenth (at least
    /// four times `bytes`), and trims to it.
    private func makeRoom(for bytes: Int64) {
        let held = record.read()?.bytes ?? rebuildRecord().bytes
        let room = max(0, held - max(bytes * 4, held / 10))
        state.withLock { $0.roomFound = min($0.roomFound ?? .max, room) }
        trimIfNeeded()
    }

    private func write(_ body: [UInt8], metadata: EntryMetadata, for key: CacheKey) throws(DiskCacheError) {
        var metadata = metadata
        metadata.key = key.description
        let head = EntryFormat.head(of: CacheEntry(metadata: metadata, body: body))
        let size = Int64(head.count + body.count)
        let path = self.path(for: key)
        var totals: SizeRecord.Totals?
        do {
            let staged: StagedFile
            do {
                staged = try AtomicFile.stage([head, body], for: path)
            } catch let error where error == .noSuchFileOrDirectory {
                // The first write, or the tree was removed (by hand, or `rm -rf` elsewhere).
                try makeTree()
                try FileSystem.makeFolder(FileSystem.folder(of: path))
                staged = try AtomicFile.stage([head, body], for: path)
            }
            // The rename and the record's update under one lock, so that writers replacing the
            // same entry at once each account for what they replaced.
            totals = try record.update { () throws(Errno) -> (bytes: Int64, entries: Int64) in
                do throws(Errno) {
                    // A new entry, the common case, in one call; else look at what it replaces.
                    // Within one folder. When the folder went meanwhile, its temporary file went
                    // with it: the write is lost, and reported.
                    if try staged.commitUnlessPresent() { return (size, 1) }
                    let previous = FileSystem.info(path)?.size
                    try staged.commit()
                    return (size - (previous ?? 0), previous == nil ? 1 : 0)
                } catch {
                    staged.discard()
                    throw error
                }
            }
        } catch {
            let cause = Errno(error)
            let failure = DiskCacheError.writeFailed(folder: root, cause: cause)
            // A full disk is counted once it is given up on (`store`).
            if cause != .noSpace { state.withLock { $0.statistics.writeFailures += 1 } }
            throw failure
        }
        state.withLock { state in
            state.statistics.writes += 1
            state.statistics.bytesWritten += size
        }
        let now = totals ?? rebuildRecord()
        if now.bytes > sizeLimit { trimAfterWrite(now) }
    }

    /// `DataCaching`: the configured lifetime of `kind`.
    public func defaultLifetime(of kind: EntryKind) -> Duration { configuration.lifetime(of: kind) }

    /// Whether an entry for `key` is on disk (a `stat`; not read or verified).
    public func contains(_ key: CacheKey) -> Bool {
        FileSystem.info(path(for: key)) != nil
    }

    public func remove(_ key: CacheKey) {
        removeEntryFile(path(for: key))
    }

    // MARK: The size record

    /// Entries and bytes on disk, from the size record (rebuilt by a walk when it is missing or
    /// damaged): O(1), whatever the cache holds.
    public func recordedSize() -> EntryTotals {
        let totals = record.read() ?? rebuildRecord()
        return EntryTotals(entries: Int(totals.entries), bytes: totals.bytes)
    }

    /// Removes one entry file and takes it off the record, if this call is the one that removed it.
    @discardableResult
    private func removeEntryFile(_ path: String) -> Int64? {
        var removed: Int64?
        _ = try? record.update { () -> (bytes: Int64, entries: Int64) in
            guard let size = FileSystem.info(path)?.size, FileSystem.remove(path) else { return (0, 0) }
            removed = size
            return (-size, -1)
        }
        return removed
    }

    /// Walks the files and sets the record to what they hold.
    @discardableResult
    private func rebuildRecord() -> SizeRecord.Totals {
        let files = objectFiles()
        let totals = SizeRecord.Totals(bytes: files.reduce(0) { $0 + $1.info.size }, entries: Int64(files.count))
        setRecord(totals)
        return totals
    }

    /// Sets the record after a walk. A record that cannot be written (a read-only or full disk)
    /// is counted as a write failure and rebuilt by the next process that can (the entries'
    /// own writes fail too, and say why); the old one, if any, stays as it was. A cache nothing was ever written to keeps no record (nor a folder).
    private func setRecord(_ totals: SizeRecord.Totals) {
        guard hasTree else { return }
        do {
            try record.replace(with: totals)
            state.withLock { $0.statistics.recordWalks += 1 }
        } catch {
            state.withLock {
                $0.statistics.recordWalks += 1
                $0.statistics.writeFailures += 1
            }
        }
    }

    /// Shard `index`'s folder name: two lower-case hex digits, as an entry's name starts.
    static func shardName(_ index: Int) -> String {
        (index < 16 ? "0" : "") + String(index, radix: 16)
    }

    func path(for key: CacheKey) -> String {
        let name = key.fileName
        return "\(objects)/\(name.prefix(2))/\(name)"
    }

    private func check(_ bytes: [UInt8], expectedKey: String?) -> Result<CacheEntry, EntryCorruption> {
        let decoded = EntryFormat.decode(bytes)
        if case .success(let entry) = decoded, let expectedKey, entry.metadata.key != expectedKey {
            return .failure(.wrongKey)
        }
        return decoded
    }

    // MARK: Whole-cache operations

    /// An entry's file: its path, name, size and access time.
    private typealias EntryFile = (path: String, name: String, info: (size: Int64, modified: Double))

    /// Every entry file.
    private func objectFiles() -> [EntryFile] {
        walk().entries
    }

    /// Every entry file, and the paths of every temporary file: writes in flight, or abandoned by
    /// a killed process (hidden names in the shard folders, and whatever is in `legacyTemporary`).
    private func walk() -> (entries: [EntryFile], temporaries: [String]) {
        var entries: [EntryFile] = []
        var temporaries = FileSystem.list(legacyTemporary).map { "\(legacyTemporary)/\($0)" }
        for shard in FileSystem.list(objects) {
            let files = shardFiles(shard)
            entries += files.entries
            temporaries += files.temporaries
        }
        return (entries, temporaries)
    }

    /// The entry files of one shard folder (`ab`), with their size and access time, and the paths
    /// of its temporary files (names starting with a dot, as `AtomicFile` makes them).
    private func shardFiles(_ shard: String) -> (entries: [EntryFile], temporaries: [String]) {
        let folder = "\(objects)/\(shard)"
        var entries: [EntryFile] = []
        var temporaries: [String] = []
        for name in FileSystem.list(folder) {
            let path = "\(folder)/\(name)"
            if name.hasPrefix(".") {
                temporaries.append(path)
            } else if let info = FileSystem.info(path) {
                entries.append((path, name, info))
            }
        }
        return (entries, temporaries)
    }

    /// What the cache holds now, by kind, from a walk; reads each entry's header and metadata (not
    /// its body: checking bodies is `verify()`'s work). The size record is set to what the walk
    /// found, and what it said before is kept in `recorded`. `group` names a group for an entry's
    /// key (its parts), or `nil`; `DiskUsage.groups` counts the entries of each.
    public func usage(now: Date = Date(), group: (([String]) -> String?)? = nil) -> DiskUsage {
        var usage = DiskUsage()
        usage.recorded = record.read().map { EntryTotals(entries: Int($0.entries), bytes: $0.bytes) }
        let files = walk()
        for file in files.entries {
            usage.entries += 1
            usage.bytes += file.info.size
            guard let prefix = FileSystem.readPrefix(file.path, count: 4096),
                let metadata = EntryFormat.metadata(fromPrefix: prefix)
            else {
                usage.unreadable += 1
                continue
            }
            var kind = usage.byKind[metadata.kind] ?? DiskUsage.Kind()
            kind.entries += 1
            kind.bytes += file.info.size
            if !metadata.isFresh(at: now) {
                kind.stale += 1
            } else if metadata.lifetimeFromServer {
                kind.fresh += 1
            } else {
                kind.unknown += 1
            }
            usage.byKind[metadata.kind] = kind
            if let group, let parts = CacheKey.parts(ofJoined: metadata.key), let name = group(parts) {
                usage.groups[name, default: 0] += 1
            }
        }
        usage.temporaryFiles = files.temporaries.count
        setRecord(SizeRecord.Totals(bytes: usage.bytes, entries: Int64(usage.entries)))
        return usage
    }

    /// Reads every entry, removing those that fail their checks.
    public func verify() -> VerifyReport {
        var report = VerifyReport()
        for file in objectFiles() {
            report.checked += 1
            let bytes = FileSystem.read(file.path, touchAfter: .infinity) ?? []
            let result = check(bytes, expectedKey: nil)
            var problem: EntryCorruption?
            switch result {
            case .success(let entry):
                if CacheKey.fileName(ofJoined: entry.metadata.key) != file.name { problem = .wrongKey }
            case .failure(let corruption):
                problem = corruption
            }
            if let problem {
                FileSystem.remove(file.path)
                report.removed.append(VerifyReport.Problem(file: file.name, corruption: problem))
            } else {
                report.valid += 1
                report.validBytes += file.info.size
            }
        }
        let recorded = record.read()
        let actual = SizeRecord.Totals(bytes: report.validBytes, entries: Int64(report.valid))
        report.record = recorded == nil ? .rebuilt : recorded == actual ? .matched : .repaired
        if report.record != .matched { setRecord(actual) }
        state.withLock { $0.statistics.corruptRemoved += report.removed.count }
        return report
    }

    /// Trims after a write took the cache past its limit. A cache of fewer than `sampledFrom`
    /// entries is listed whole (a few milliseconds) and trimmed by exact recency, as
    /// `trimIfNeeded()` does. A larger one is never listed whole in an ordinary command: a run of
    /// `sampledShards` shard folders (1/64 of the tree, and file names are uniform hashes, so any
    /// run holds a fair sample of every age) is listed and its least recently used entries are
    /// removed, enough to come under the limit plus `1 − trimTarget` of the sample. That is Redis's
    /// approximate LRU: a trim every ~0.3 % of the limit written, each listing 1.6 % of the tree,
    /// so about five entries listed per entry written, as the whole-tree trim every 20 % costs, but
    /// never the whole tree at once. When the sample cannot free enough (the limit was lowered),
    /// the whole tree is trimmed.
    private func trimAfterWrite(_ totals: SizeRecord.Totals) {
        guard totals.entries >= Self.sampledFrom else {
            trimIfNeeded()
            return
        }
        let first = Int.random(in: 0..<256)
        var files = (0..<Self.sampledShards).flatMap { offset in
            shardFiles(Self.shardName((first + offset) % 256)).entries
        }
        files.sort { $0.info.modified < $1.info.modified }
        let sampled = files.reduce(Int64(0)) { $0 + $1.info.size }
        var needed = totals.bytes - sizeLimit + Int64(Double(sampled) * (1 - configuration.trimTarget))
        var evicted = 0
        // The removals under one hold of the record's lock, and taken off it in one update.
        _ = try? record.update { () -> (bytes: Int64, entries: Int64) in
            var freed: Int64 = 0
            for file in files where needed > 0 {
                // Looked at again under the lock: another process may have removed it, or written
                // or read it since the listing, which makes it recent.
                guard let info = FileSystem.info(file.path), info.modified <= file.info.modified,
                    FileSystem.remove(file.path)
                else { continue }
                needed -= info.size
                freed += info.size
                evicted += 1
            }
            return (-freed, -Int64(evicted))
        }
        state.withLock {
            $0.statistics.evictions += evicted
            $0.statistics.sampledTrims += 1
        }
        if needed > Int64(Double(sampled) * (1 - configuration.trimTarget)) { trimIfNeeded() }
    }

    /// The smallest cache (in entries) whose trims after a write list a sample of the tree.
    static let sampledFrom: Int64 = 4096
    /// Shard folders a sampled trim lists, of 256.
    static let sampledShards = 4

    /// Trims to the target when over the limit: least recently used first, from a walk of the
    /// whole tree (`prune`, and small caches after a write). The report has `evicted`,
    /// `bytesFreed` and `bytesLeft`.
    @discardableResult
    public func trimIfNeeded() -> PruneReport {
        var files = objectFiles()
        var total = files.reduce(Int64(0)) { $0 + $1.info.size }
        var evicted = 0
        var freed: Int64 = 0
        var entries = Int64(files.count)
        let limit = sizeLimit
        if total > limit {
            let target = Int64(Double(limit) * configuration.trimTarget)
            files.sort { $0.info.modified < $1.info.modified }
            for file in files where total > target {
                // Gone already: another process trimmed it (and its walk accounts for it).
                total -= file.info.size
                entries -= 1
                if FileSystem.remove(file.path) {
                    freed += file.info.size
                    evicted += 1
                }
            }
        }
        setRecord(SizeRecord.Totals(bytes: total, entries: entries))
        state.withLock { $0.statistics.evictions += evicted }
        var report = PruneReport()
        report.evicted = evicted
        report.bytesFreed = freed
        report.bytesLeft = total
        return report
    }

    /// Removes expired entries, corrupt ones, abandoned temporary files, then trims to the limit.
    public func prune(now: Date = Date()) -> PruneReport {
        var report = PruneReport()
        let files = walk()
        for path in files.temporaries {
            if let info = FileSystem.info(path), now.timeIntervalSince1970 - info.modified > Self.abandonedAfter,
                FileSystem.remove(path)
            {
                report.temporaryFiles += 1
            }
        }
        for file in files.entries {
            let bytes = FileSystem.read(file.path, touchAfter: .infinity) ?? []
            switch EntryFormat.decode(bytes) {
            case .success(let entry) where entry.metadata.isFresh(at: now):
                continue
            case .success:
                report.expired += 1
            case .failure:
                report.corrupt += 1
            }
            if removeEntryFile(file.path) != nil { report.bytesFreed += file.info.size }
        }
        let trimmed = trimIfNeeded()
        report.evicted = trimmed.evicted
        report.bytesFreed += trimmed.bytesFreed
        report.bytesLeft = record.read()?.bytes ?? rebuildRecord().bytes
        return report
    }

    /// `DataCaching`: `clear()`.
    public func removeAll() { clear() }

    /// Removes every entry and temporary file; the layout stays.
    @discardableResult
    public func clear() -> EntryTotals {
        var removed = 0
        var bytes: Int64 = 0
        let files = walk()
        for file in files.entries where FileSystem.remove(file.path) {
            removed += 1
            bytes += file.info.size
        }
        for path in files.temporaries { FileSystem.remove(path) }
        rebuildRecord()
        return EntryTotals(entries: removed, bytes: bytes)
    }
}
