import FoundationEssentials
import LoupeToolbox
import SystemPackage

/// The entry tree as the walks see it, and the removals they make.
///
/// Others may write the folder, so a walk trusts nothing in it: each folder is opened relative to
/// the one above without following a link (`OpenFolder`: `openat` with `O_NOFOLLOW`, as GNU `rm -r`
/// and Go's `os.RemoveAll`), names are looked at with `fstatat`, and only regular files are read. A
/// link, folder, FIFO or device where an entry or a shard should be is a stray, removed as itself.
///
/// Every removal of an entry is made under the size record's lock and taken off the record by what
/// it freed, looked at again under the lock, so the record stays exact while other processes write,
/// clear or trim; a record missing or damaged is recounted under the same lock.
extension DiskCache {
    /// An entry file a walk found; `modified` is the access clock (seconds since 1970).
    struct EntryFile: Sendable, Hashable {
        var shard: String
        var name: String
        var size: Int64
        var modified: Double
    }

    /// What one folder of the tree holds, by what each name is.
    struct Listing {
        var entries: [EntryFile] = []
        /// Hidden regular files (`AtomicFile`'s): writes in flight, or abandoned by a killed process.
        var temporaries: [(name: String, modified: Double)] = []
        /// Links, folders, FIFOs, sockets, devices.
        var strays: [String] = []
    }

    /// Where writes were staged before they moved beside their entries: still swept and counted.
    static let legacyTemporary = "tmp"

    /// Removes a link where the layout folder, the entry tree or the shard folder `shard` should be,
    /// so that a write never writes through one and a walk clears what it could not open.
    @discardableResult
    func removeLinks(toShard shard: String? = nil) -> [String] {
        let version = FileSystem.folder(of: objects)
        if FileSystem.isLink(version) {
            return (try? OpenFolder(root.path).remove(layoutFolder)) == true ? [layoutFolder] : []
        }
        if FileSystem.isLink(objects) {
            let removed = try? OpenFolder(root.path).folder(layoutFolder).remove("objects")
            return removed == true ? ["objects"] : []
        }
        guard let shard, FileSystem.isLink("\(objects)/\(shard)") else { return [] }
        return (try? openTree()?.objects.remove(shard)) == true ? [shard] : []
    }

    /// The layout folder and its entry tree, opened without following a link; `nil` when there is
    /// none, or a link or a file stands where one should be.
    func openTree() -> (version: OpenFolder, objects: OpenFolder)? {
        guard let top = try? OpenFolder(root.path), let version = try? top.folder(layoutFolder),
            let objects = try? version.folder("objects")
        else { return nil }
        return (version, objects)
    }

    func shardNames(_ objects: OpenFolder) -> (shards: [String], strays: [String]) {
        var shards: [String] = []
        var strays: [String] = []
        for name in objects.names() {
            switch objects.item(name)?.kind {
            case .folder: shards.append(name)
            case nil: continue  // gone meanwhile
            default: strays.append(name)
            }
        }
        return (shards.sorted(), strays)
    }

    func listing(of folder: OpenFolder, shard: String) -> Listing {
        var listing = Listing()
        for name in folder.names() {
            guard let item = folder.item(name) else { continue }
            if item.kind != .regular {
                listing.strays.append(name)
            } else if name.hasPrefix(".") {
                listing.temporaries.append((name, item.modified))
            } else {
                listing.entries.append(EntryFile(shard: shard, name: name, size: item.size, modified: item.modified))
            }
        }
        return listing
    }

    func forEachShard(_ objects: OpenFolder, _ body: (String, OpenFolder, Listing) -> Void) {
        for shard in shardNames(objects).shards {
            // A folder replaced by a link since it was listed is not opened.
            guard let folder = try? objects.folder(shard) else { continue }
            body(shard, folder, listing(of: folder, shard: shard))
        }
    }

    func countEntries() -> SizeRecord.Totals {
        var totals = SizeRecord.Totals(bytes: 0, entries: 0)
        guard let tree = openTree() else { return totals }
        forEachShard(tree.objects) { _, _, listing in
            totals.entries += Int64(listing.entries.count)
            totals.bytes += listing.entries.reduce(0) { $0 + $1.size }
        }
        return totals
    }

    /// Sets the record to a walk made under its exclusive lock, exact while other processes write.
    /// A record that cannot be written (a read-only or full disk) is a write failure, recounted by
    /// the next process that can; a link or FIFO in its place is removed first, never written through.
    @discardableResult
    func recountRecord() -> SizeRecord.Totals {
        guard hasTree else { return SizeRecord.Totals(bytes: 0, entries: 0) }
        var totals: SizeRecord.Totals?
        do throws(Errno) {
            do throws(Errno) {
                totals = try record.replace(counting: countEntries)
            } catch let error where error == .tooManySymbolicLinkLevels || error == .invalidArgument {
                _ = try? openTree()?.version.removeAny("size")
                totals = try record.replace(counting: countEntries)
            }
            state.withLock { $0.statistics.recordWalks += 1 }
        } catch {
            state.withLock {
                $0.statistics.recordWalks += 1
                $0.statistics.writeFailures += 1
            }
        }
        return totals ?? countEntries()
    }

    // MARK: Removals

    struct Removal {
        var entries = 0
        var bytes: Int64 = 0
        var removed: Set<String> = []
        var refusedNames: Set<String> = []
        /// The first reason a removal was refused (`EACCES`, `EROFS`).
        var refused: Errno?
        /// Nothing was taken off a missing or damaged record: recount it.
        var recordLost = false
    }

    /// Removes `candidates` in order until `budget` bytes are freed, in one update of the record
    /// under its lock. Each is looked at again under the lock: one gone, no longer a regular file,
    /// or `changed` since it was listed is skipped.
    func removeEntries(
        _ candidates: [EntryFile], in folder: (String) -> OpenFolder?, upTo budget: Int64 = .max,
        unless changed: (EntryFile, OpenFolder.Item) -> Bool = { _, _ in false }
    ) -> Removal {
        var removal = Removal()
        guard !candidates.isEmpty else { return removal }
        let totals = try? record.update { () -> (bytes: Int64, entries: Int64) in
            for file in candidates where removal.bytes < budget {
                guard let folder = folder(file.shard), let item = folder.item(file.name), item.kind == .regular,
                    !changed(file, item)
                else { continue }
                do throws(Errno) {
                    guard try folder.remove(file.name) else { continue }
                    removal.entries += 1
                    removal.bytes += item.size
                    removal.removed.insert(file.name)
                } catch {
                    removal.refused = removal.refused ?? error
                    removal.refusedNames.insert(file.name)
                }
            }
            return (-removal.bytes, -Int64(removal.entries))
        }
        removal.recordLost = totals == nil
        return removal
    }

    func removeEntry(named name: String) {
        let shard = String(name.prefix(2))
        guard let folder = try? openTree()?.objects.folder(shard) else { return }
        let file = EntryFile(shard: shard, name: name, size: 0, modified: 0)
        _ = removeEntries([file], in: { _ in folder })
    }

    /// Removes what is at entry `name` that is not a regular file (never on the record).
    func removeStray(named name: String) {
        guard let folder = try? openTree()?.objects.folder(String(name.prefix(2))) else { return }
        _ = try? folder.removeAny(name)
    }

    /// Removes `names` from `folder`, each as itself; keeps the first refusal.
    func removeStrays(_ names: [String], in folder: OpenFolder, at path: String, refusal: inout Refusal?) -> Int {
        var removed = 0
        for name in names {
            do throws(Errno) {
                if try folder.removeAny(name) { removed += 1 }
            } catch {
                refusal = refusal ?? Refusal(folder: path, cause: error)
            }
        }
        return removed
    }

    /// Removes the temporary files older than `abandonedAfter`: younger ones may be writes in flight.
    func removeAbandoned(
        _ temporaries: [(name: String, modified: Double)], in folder: OpenFolder, at path: String, now: Date,
        refusal: inout Refusal?
    ) -> Int {
        let old = temporaries.filter { now.timeIntervalSince1970 - $0.modified > Self.abandonedAfter }.map(\.name)
        return removeStrays(old, in: folder, at: path, refusal: &refusal)
    }

    struct Refusal {
        var folder: String
        var cause: Errno

        var error: DiskCacheError { .writeFailed(folder: URL(fileURLWithPath: folder), cause: cause) }
    }

    /// Throws `writeFailed` when this process may not remove entries here (a read-only disk, another
    /// user's cache), before `clear` and `prune` start, so that neither reports having removed nothing.
    func requireWritable() throws(DiskCacheError) {
        for path in [objects, FileSystem.folder(of: objects), root.path] where FileSystem.exists(path) {
            if let cause = FileSystem.writeRefusal(path) {
                throw Refusal(folder: path, cause: cause).error
            }
            return
        }
    }
}
