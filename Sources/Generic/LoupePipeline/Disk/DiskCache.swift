import FoundationEssentials
import LoupeHTTP
import SystemPackage
import LoupeToolbox

/// The disk tier: one file per entry under `<root>/v2/objects/ab/<sha256>`, written atomically,
/// checksummed, trimmed by least recent use to a size limit.
///
/// Safe to share between tasks and processes: a write lands in a hidden temporary file beside its
/// entry (`ab/.<sha256>.<pid>.<n>.tmp`) and is renamed into place, so a reader sees a whole entry or
/// none. Staging beside the entry keeps each rename inside one folder and spreads creates over 256
/// folders; one shared staging folder made every write of every process wait for that folder's lock
/// (which ext4 holds while it searches for a free inode). Besides the entries only `SizeRecord`
/// (`v2/size`) is shared, updated in O(1), so no ordinary command walks the tree. The file's
/// modification time is the access clock (set on reads; `relatime` makes atime useless).
///
/// Whoever else may write the folder is not trusted: an entry is read only as a regular file of at
/// most the size limit, its lengths checked before use (a bad one is a miss, removed and counted),
/// and the walks never follow a link, leave the folder or open a FIFO or a device. What the cache
/// makes is its user's alone (folders 0700, files 0600).
public final class DiskCache: DataCaching {
    public let root: URL
    public let configuration: DiskCacheConfiguration
    /// The layout folder's name: `v2`, or `v1` when a cache of the layout before could not be renamed.
    let layoutFolder: String
    let objects: String
    let record: SizeRecord

    struct State {
        var statistics = DiskStatistics()
        /// The size a full disk left room for, once one was met.
        var roomFound: Int64?
        /// The shard folders this process found to be no link before it first wrote there: looked
        /// at once a shard, not once a write (three `lstat`s, 46 µs of a 68 µs store).
        var checkedShards: Set<String> = []
    }
    let state = Locked(State())

    /// Reads touch an entry's clock at most this often.
    private static let touchInterval = 60.0
    /// A temporary file this old belongs to no live write: a write stages its whole file in one
    /// `writev` and renames it as soon as it holds the record's lock (milliseconds), so ten
    /// minutes is far past any live one. `prune` and `clear` remove only older ones.
    static let abandonedAfter = 600.0

    static let privateFolder: FilePermissions = [.ownerReadWriteExecute]
    static let privateFile: FilePermissions = [.ownerReadWrite]

    static let layout = "v2"
    static let previousLayout = "v1"
    /// The cache directory tag (bford.info/cachedir) that marks a folder as a cache: backup tools
    /// skip it. The cache takes only a folder that is missing, empty or carries this tag (its
    /// `ownLine` after the standard signature): a `v1/` or `v2/` folder, or another program's tag,
    /// proves nothing, and tagging a user's folder would hide it from backups.
    static let tagName = "CACHEDIR.TAG"
    static let signatureLine = "Signature: 8a477f597d28d172789f06886806bc55"
    /// The line that says the tag is this cache's.
    static let ownLine = "# This file is a cache directory tag created by LoupePipeline's DiskCache"
    /// The lines that said so before (caches made then, and the repository's `Cache/`).
    static let earlierOwnLines = ["# This file is a cache directory tag created by an image cache (Rickdex's DiskCache)"]
    static let tag = """
        \(signatureLine)
        \(ownLine), an image cache.
        # Layout: \(layout) (one file per entry under \(layout)/objects/, the size in \(layout)/size)
        # For information about cache directory tags, see https://bford.info/cachedir/

        """

    /// Whether the folder at `root` carries this cache's tag (its first kilobyte, a regular file).
    static func isTagged(_ root: String) -> Bool {
        guard let bytes = FileSystem.readRegularPrefix(root + "/" + tagName, count: 1024) else { return false }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.hasPrefix(signatureLine) && ([ownLine] + earlierOwnLines).contains { text.contains($0) }
    }

    /// Opens the cache at `root`; nothing is made on disk until the first write. A folder that holds
    /// other files and no tag is refused with `notACache`, as the tag would hide them from backups
    /// (`tar --exclude-caches`, borg, restic).
    ///
    /// A cache of the layout before (`v1/`: the same entries) is taken over by renaming it `v2/`:
    /// an older release opening the folder afterwards starts its own, rather than misreading it.
    public init(root: URL, configuration: DiskCacheConfiguration = DiskCacheConfiguration()) throws(DiskCacheError) {
        self.root = root
        self.configuration = configuration
        var layoutFolder = Self.layout
        let previous = root.appendingPathComponent(Self.previousLayout).path
        // Only a cache's own `v1/` (the folder tagged, an entry tree in it): a folder of the
        // user's that happens to hold a `v1/` is refused below, untouched.
        let tagged = Self.isTagged(root.path)
        let current = root.appendingPathComponent(Self.layout).path
        if tagged, FileSystem.info(current) == nil, FileSystem.isFolder(previous + "/objects"),
            (try? FileSystem.renameUnlessPresent(previous, to: current)) != true, FileSystem.info(current) == nil
        {
            // A folder that cannot be renamed (a read-only disk) is read where it is.
            layoutFolder = Self.previousLayout
        }
        self.layoutFolder = layoutFolder
        let version = root.appendingPathComponent(layoutFolder).path
        objects = version + "/objects"
        record = SizeRecord(path: version + "/size")
        guard FileSystem.exists(root.path) else {
            // Made with the first write; one that could never be made is refused now.
            if let reason = FileSystem.reasonFolderCannotBeMade(root.path) { throw .unusable(folder: root, cause: reason) }
            return
        }
        guard FileSystem.isFolder(root.path) else { throw .unusable(folder: root, cause: .notDirectory) }
        if !tagged, !FileSystem.list(root.path).isEmpty { throw .notACache(folder: root) }
    }

    var hasTree: Bool { FileSystem.isFolder(objects) }

    /// Makes the folder and its tag, then the 256 shard folders, so that a write never finds its
    /// folder missing, and the size record, counted under its lock (exact with other processes
    /// writing their first entries at once; the walk of a new tree lists 256 empty folders). The
    /// tag comes first: a process killed midway leaves a tagged folder, which is taken again. What
    /// is made here is its user's alone (0700); a folder that already exists keeps its mode.
    private func makeTree() throws(Errno) {
        try FileSystem.makeFolder(root.path, permissions: Self.privateFolder)
        let tag = root.appendingPathComponent(Self.tagName).path
        if !Self.isTagged(root.path) { try? AtomicFile.write(Array(Self.tag.utf8), to: tag) }
        try FileSystem.makeFolder(objects, permissions: Self.privateFolder)
        for shard in 0..<256 {
            try? FileSystem.makeFolder("\(objects)/\(Self.shardName(shard))", permissions: Self.privateFolder)
        }
        try? record.replace(ifMissing: true) { countEntries() }
    }

    public var statistics: DiskStatistics { state.withLock { $0.statistics } }

    /// The size a full disk left room for in this process, kept to from then on; `nil`: never filled.
    public var roomFound: Int64? { state.withLock { $0.roomFound } }

    // MARK: Entries

    /// The largest entry file read whole: no valid entry is larger than the limit.
    var readLimit: Int64 { min(configuration.sizeLimit, EntryFormat.largestFile) }

    /// The entry for `key`, verified; a corrupt one, or one past `readLimit`, is removed (a miss).
    public func entry(for key: CacheKey) -> CacheEntry? {
        let name = key.fileName
        switch FileSystem.readRegularFile(path(for: key), atMost: readLimit, touchAfter: Self.touchInterval) {
        case .contents(let bytes):
            if case .success(let entry) = check(bytes, expectedKey: key.description) {
                state.withLock {
                    $0.statistics.hits += 1
                    $0.statistics.bytesRead += Int64(bytes.count)
                }
                return entry
            }
            removeEntry(named: name)
        case .tooLarge:
            removeEntry(named: name)
        case .notRegular:
            removeStray(named: name)
        case .missing, .unreadable:
            // Another user's entry this one may not read is a miss, and left as it is.
            state.withLock { $0.statistics.misses += 1 }
            return nil
        }
        state.withLock {
            $0.statistics.misses += 1
            $0.statistics.corruptRemoved += 1
        }
        return nil
    }

    public func store(_ body: [UInt8], metadata: EntryMetadata, for key: CacheKey) throws(DiskCacheError) {
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

    var sizeLimit: Int64 {
        min(configuration.sizeLimit, state.withLock { $0.roomFound } ?? .max)
    }

    /// After a full disk: keeps to what the cache holds less a tenth (at least four times `bytes`).
    private func makeRoom(for bytes: Int64) {
        let held = record.read()?.bytes ?? recountRecord().bytes
        let room = max(0, held - max(bytes * 4, held / 10))
        state.withLock { $0.roomFound = min($0.roomFound ?? .max, room) }
        trimIfNeeded()
    }

    private func write(_ body: [UInt8], metadata: EntryMetadata, for key: CacheKey) throws(DiskCacheError) {
        // The entry names the key it is stored under, whatever key its metadata was made for (a
        // wrapper that re-keys entries hands on the pipeline's metadata).
        var metadata = metadata
        metadata.key = key.description
        let head = EntryFormat.head(of: CacheEntry(metadata: metadata, body: body))
        let size = Int64(head.count + body.count)
        let path = self.path(for: key)
        var totals: SizeRecord.Totals?
        // A link where the layout folder, the tree or the shard folder should be (planted by
        // another who may write the folder) is removed, never written through: what it stood
        // for is made again below, and the write stays inside the cache's folder.
        let shard = String(key.fileName.prefix(2))
        if !state.withLock({ $0.checkedShards.contains(shard) }) {
            removeLinks(toShard: shard)
            state.withLock { _ = $0.checkedShards.insert(shard) }
        }
        do {
            let staged: StagedFile
            do {
                staged = try AtomicFile.stage([head, body], for: path, permissions: Self.privateFile)
            } catch let error where error == .noSuchFileOrDirectory {
                // The first write, or the tree was removed (by hand, or `rm -rf` elsewhere).
                try makeTree()
                try FileSystem.makeFolder(FileSystem.folder(of: path), permissions: Self.privateFolder)
                staged = try AtomicFile.stage([head, body], for: path, permissions: Self.privateFile)
            }
            // The rename and the record's update under one lock, so that writers replacing the
            // same entry at once each account for what they replaced.
            totals = try record.update { () throws(Errno) -> (bytes: Int64, entries: Int64) in
                do throws(Errno) {
                    // A new entry, the common case, in one call; else look at what it replaces.
                    // Within one folder. When the folder went meanwhile, its temporary file went
                    // with it: the write is lost, and reported.
                    if try staged.commitUnlessPresent() { return (size, 1) }
                    // Only a regular file was an entry on the record: a link or a FIFO in its
                    // place (never counted) is replaced as if nothing were there.
                    let previous = FileSystem.regularFileSize(path)
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
        let limit = state.withLock { state in
            state.statistics.writes += 1
            state.statistics.bytesWritten += size
            return min(configuration.sizeLimit, state.roomFound ?? .max)
        }
        let now = totals ?? recountRecord()
        if now.bytes > limit { trimAfterWrite(now) }
    }

    public func defaultLifetime(of kind: EntryKind) -> Duration { configuration.lifetime(of: kind) }

    /// A `stat`; not read or verified.
    public func contains(_ key: CacheKey) -> Bool {
        FileSystem.info(path(for: key)) != nil
    }

    public func remove(_ key: CacheKey) {
        removeEntry(named: key.fileName)
    }

    /// Marks the entry under `key` as just used, without reading it. Returns whether there is one.
    @discardableResult
    public func markUsed(_ key: CacheKey) -> Bool {
        FileSystem.touch(path(for: key))
    }

    // MARK: The size record

    /// Entries and bytes on disk from the size record (recounted when missing or damaged): O(1).
    public func recordedSize() -> EntryTotals {
        let totals = record.read() ?? recountRecord()
        return EntryTotals(entries: Int(totals.entries), bytes: totals.bytes)
    }

    static func shardName(_ index: Int) -> String {
        (index < 16 ? "0" : "") + String(index, radix: 16)
    }

    func path(for key: CacheKey) -> String {
        let name = key.fileName
        return "\(objects)/\(name.prefix(2))/\(name)"
    }

    func check(_ bytes: [UInt8], expectedKey: String?) -> Result<CacheEntry, EntryCorruption> {
        let decoded = EntryFormat.decode(bytes)
        if case .success(let entry) = decoded, let expectedKey, entry.metadata.key != expectedKey {
            return .failure(.wrongKey)
        }
        return decoded
    }
}
