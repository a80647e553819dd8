import FoundationEssentials
import LoupeToolbox
import SystemPackage

/// The whole-cache operations, each walking the tree as `DiskCache+Tree.swift` says and counting
/// only what it removed.
extension DiskCache {
    /// What the cache holds now, by kind, from a walk that reads each entry's metadata (not its
    /// body); a record that differs from the walk is recounted. `group` names an entry's group.
    public func usage(now: Date = Date(), group: ((_ key: [String], _ kind: EntryKind) -> String?)? = nil) -> DiskUsage {
        var usage = DiskUsage()
        let recorded = record.read()
        usage.recorded = recorded.map { EntryTotals(entries: Int($0.entries), bytes: $0.bytes) }
        guard let tree = openTree() else {
            if recorded != nil && recorded != SizeRecord.Totals(bytes: 0, entries: 0) { recountRecord() }
            return usage
        }
        usage.strays += shardNames(tree.objects).strays.count
        forEachShard(tree.objects) { _, folder, listing in
            usage.temporaryFiles += listing.temporaries.count
            usage.strays += listing.strays.count
            for file in listing.entries {
                usage.entries += 1
                usage.bytes += file.size
                guard let prefix = folder.readPrefix(file.name, count: 4096),
                    let metadata = EntryFormat.metadata(fromPrefix: prefix)
                else {
                    usage.unreadable += 1
                    continue
                }
                var kind = usage.byKind[metadata.kind] ?? DiskUsage.Kind()
                kind.entries += 1
                kind.bytes += file.size
                if !metadata.isFresh(at: now) {
                    kind.stale += 1
                } else if metadata.lifetimeFromServer {
                    kind.fresh += 1
                } else {
                    kind.unknown += 1
                }
                usage.byKind[metadata.kind] = kind
                if let group, let parts = CacheKey.parts(ofJoined: metadata.key), let name = group(parts, metadata.kind) {
                    usage.groups[name, default: 0] += 1
                }
            }
        }
        if let legacy = try? tree.version.folder(Self.legacyTemporary) {
            let listing = listing(of: legacy, shard: Self.legacyTemporary)
            usage.temporaryFiles += listing.entries.count + listing.temporaries.count
            usage.strays += listing.strays.count
        }
        if recorded != SizeRecord.Totals(bytes: usage.bytes, entries: Int64(usage.entries)) { recountRecord() }
        return usage
    }

    /// Reads every entry, removing those that fail their checks and the strays; what could not be
    /// removed is listed in `notRemoved`.
    public func verify() -> VerifyReport {
        var report = VerifyReport()
        let recorded = record.read()
        var recordLost = false
        var removedTotals = SizeRecord.Totals(bytes: 0, entries: 0)
        for name in removeLinks() {
            report.checked += 1
            report.removed.append(VerifyReport.Problem(file: name, corruption: .notAFile))
        }
        if let tree = openTree() {
            verifyStrays(shardNames(tree.objects).strays, in: tree.objects, at: objects, into: &report)
            forEachShard(tree.objects) { _, folder, listing in
                verifyStrays(listing.strays, in: folder, at: objects, into: &report)
                var corrupt: [EntryFile] = []
                var problems: [String: EntryCorruption] = [:]
                for file in listing.entries {
                    report.checked += 1
                    guard let problem = corruption(of: file, in: folder) else {
                        report.valid += 1
                        report.validBytes += file.size
                        continue
                    }
                    corrupt.append(file)
                    problems[file.name] = problem
                }
                // A file written since it was listed is a new entry, not the one found corrupt.
                let removal = removeEntries(corrupt, in: { _ in folder }, unless: Self.isRewritten)
                recordLost = recordLost || removal.recordLost
                removedTotals.entries += Int64(removal.entries)
                removedTotals.bytes += removal.bytes
                for file in corrupt {
                    guard let corruption = problems[file.name] else { continue }
                    let problem = VerifyReport.Problem(file: file.name, corruption: corruption)
                    if removal.removed.contains(file.name) {
                        report.removed.append(problem)
                    } else if removal.refusedNames.contains(file.name) {
                        report.notRemoved.append(problem)
                    }
                }
            }
        }
        // The record as it should have been before this walk: the valid entries and those removed.
        let before = SizeRecord.Totals(
            bytes: report.validBytes + removedTotals.bytes, entries: Int64(report.valid) + removedTotals.entries)
        report.record = recorded == nil ? .rebuilt : recorded == before ? .matched : .repaired
        if report.record != .matched || recordLost { recountRecord() }
        state.withLock { $0.statistics.corruptRemoved += report.removed.count }
        return report
    }

    private static func isRewritten(_ file: EntryFile, _ current: OpenFolder.Item) -> Bool {
        current.modified != file.modified || current.size != file.size
    }

    /// What is wrong with `file`; `nil` when it is a valid entry stored under its key's name.
    private func corruption(of file: EntryFile, in folder: OpenFolder) -> EntryCorruption? {
        switch folder.read(file.name, atMost: readLimit) {
        case .contents(let bytes):
            switch check(bytes, expectedKey: nil) {
            case .success(let entry):
                return CacheKey.fileName(ofJoined: entry.metadata.key) == file.name ? nil : .wrongKey
            case .failure(let corruption):
                return corruption
            }
        case .tooLarge(let size): return .tooLarge(size: size, limit: readLimit)
        case .notRegular: return .notAFile
        // Gone since the listing, or another user's this one may not read: nothing to judge.
        case .missing, .unreadable: return nil
        }
    }

    private func verifyStrays(_ names: [String], in folder: OpenFolder, at path: String, into report: inout VerifyReport) {
        for name in names {
            report.checked += 1
            let problem = VerifyReport.Problem(file: name, corruption: .notAFile)
            do throws(Errno) {
                if try folder.removeAny(name) { report.removed.append(problem) }
            } catch {
                report.notRemoved.append(problem)
            }
        }
    }

    /// Removes expired and corrupt entries, strays and abandoned temporary files, then trims to the
    /// limit. Throws `writeFailed` when this process may not remove entries or a removal was refused.
    public func prune(now: Date = Date()) throws(DiskCacheError) -> PruneReport {
        try requireWritable()
        var report = PruneReport()
        var refusal: Refusal?
        var recordLost = false
        report.strays += removeLinks().count
        if let tree = openTree() {
            report.strays += removeStrays(shardNames(tree.objects).strays, in: tree.objects, at: objects, refusal: &refusal)
            forEachShard(tree.objects) { shard, folder, listing in
                let path = "\(objects)/\(shard)"
                report.temporaryFiles += removeAbandoned(listing.temporaries, in: folder, at: path, now: now, refusal: &refusal)
                report.strays += removeStrays(listing.strays, in: folder, at: path, refusal: &refusal)
                var expired: Set<String> = []
                var doomed: [EntryFile] = []
                for file in listing.entries {
                    switch folder.read(file.name, atMost: readLimit) {
                    case .contents(let bytes):
                        switch EntryFormat.decode(bytes) {
                        case .success(let entry) where entry.metadata.isFresh(at: now): continue
                        case .success: expired.insert(file.name)
                        case .failure: break
                        }
                    case .tooLarge: break
                    case .missing, .unreadable, .notRegular: continue
                    }
                    doomed.append(file)
                }
                let removal = removeEntries(doomed, in: { _ in folder }, unless: Self.isRewritten)
                report.expired += removal.removed.intersection(expired).count
                report.corrupt += removal.removed.subtracting(expired).count
                report.bytesFreed += removal.bytes
                recordLost = recordLost || removal.recordLost
                if let cause = removal.refused { refusal = refusal ?? Refusal(folder: path, cause: cause) }
            }
            let legacy = sweepLegacy(tree.version, now: now, refusal: &refusal)
            report.temporaryFiles += legacy.temporaries
            report.strays += legacy.strays
        }
        if recordLost { recountRecord() }
        if let refusal { throw refusal.error }
        let trimmed = trimIfNeeded()
        report.evicted = trimmed.evicted
        report.bytesFreed += trimmed.bytesFreed
        report.bytesLeft = record.read()?.bytes ?? recountRecord().bytes
        return report
    }

    /// `DataCaching`: `clear()`, its failure (a read-only cache) left to the next write to say.
    public func removeAll() { _ = try? clear() }

    /// Removes every entry, stray and abandoned temporary file; the layout stays. Younger temporary
    /// files may be live processes' writes, renamed into place in a moment (a write after the clear).
    /// Returns what this call removed. Throws as `prune` does.
    @discardableResult
    public func clear(now: Date = Date()) throws(DiskCacheError) -> EntryTotals {
        try requireWritable()
        var removed = EntryTotals(entries: 0, bytes: 0)
        var refusal: Refusal?
        var recordLost = false
        removeLinks()
        if let tree = openTree() {
            _ = removeStrays(shardNames(tree.objects).strays, in: tree.objects, at: objects, refusal: &refusal)
            forEachShard(tree.objects) { shard, folder, listing in
                let path = "\(objects)/\(shard)"
                let removal = removeEntries(listing.entries, in: { _ in folder })
                removed.entries += removal.entries
                removed.bytes += removal.bytes
                recordLost = recordLost || removal.recordLost
                if let cause = removal.refused { refusal = refusal ?? Refusal(folder: path, cause: cause) }
                _ = removeStrays(listing.strays, in: folder, at: path, refusal: &refusal)
                _ = removeAbandoned(listing.temporaries, in: folder, at: path, now: now, refusal: &refusal)
            }
            _ = sweepLegacy(tree.version, now: now, refusal: &refusal)
        }
        if recordLost { recountRecord() }
        if let refusal { throw refusal.error }
        return removed
    }

    /// Removes the legacy staging folder's abandoned files and strays.
    private func sweepLegacy(
        _ version: OpenFolder, now: Date, refusal: inout Refusal?
    ) -> (temporaries: Int, strays: Int) {
        guard let legacy = try? version.folder(Self.legacyTemporary) else { return (0, 0) }
        let listing = listing(of: legacy, shard: Self.legacyTemporary)
        let files = listing.temporaries + listing.entries.map { ($0.name, $0.modified) }
        let path = FileSystem.folder(of: objects) + "/tmp"
        let temporaries = removeAbandoned(files, in: legacy, at: path, now: now, refusal: &refusal)
        return (temporaries, removeStrays(listing.strays, in: legacy, at: path, refusal: &refusal))
    }

    // MARK: Trims

    /// Trims to the target when over the limit, least recently used first, from a walk of the whole
    /// tree; a record that disagrees with the walk is recounted.
    @discardableResult
    public func trimIfNeeded() -> PruneReport {
        var report = PruneReport()
        guard let tree = openTree() else { return report }
        var files: [EntryFile] = []
        forEachShard(tree.objects) { _, _, listing in files += listing.entries }
        let total = files.reduce(Int64(0)) { $0 + $1.size }
        var recordLost = false
        let limit = sizeLimit
        if total > limit {
            var excess = total - Int64(Double(limit) * configuration.trimTarget)
            files.sort { $0.modified < $1.modified }
            var chosen: [String: [EntryFile]] = [:]
            for file in files where excess > 0 {
                chosen[file.shard, default: []].append(file)
                excess -= file.size
            }
            for (shard, victims) in chosen {
                guard let folder = try? tree.objects.folder(shard) else { continue }
                // Read or written since the listing: recent now, so kept.
                let removal = removeEntries(victims, in: { _ in folder }) { file, current in
                    current.modified > file.modified
                }
                report.evicted += removal.entries
                report.bytesFreed += removal.bytes
                recordLost = recordLost || removal.recordLost
            }
        }
        let left = SizeRecord.Totals(bytes: total - report.bytesFreed, entries: Int64(files.count - report.evicted))
        report.bytesLeft = left.bytes
        if recordLost || record.read() != left { report.bytesLeft = recountRecord().bytes }
        state.withLock {
            $0.statistics.evictions += report.evicted
            $0.statistics.bytesEvicted += report.bytesFreed
        }
        return report
    }

    /// Trims after a write took the cache past its limit: a cache under `sampledFrom` entries is
    /// trimmed whole (`trimIfNeeded()`). A larger one is never listed whole in an ordinary command:
    /// `sampledShards` shard folders (names are uniform hashes, so any run is a fair sample of every
    /// age) are listed and their oldest entries removed, enough to come under the limit plus
    /// `1 − trimTarget` of the sample: Redis's approximate LRU, about five entries listed per entry
    /// written, as the whole-tree trim costs. When the sample cannot free enough, the whole tree is.
    func trimAfterWrite(_ totals: SizeRecord.Totals) {
        guard totals.entries >= Self.sampledFrom else {
            trimIfNeeded()
            return
        }
        guard let tree = openTree() else { return }
        let first = Int.random(in: 0..<256)
        var folders: [String: OpenFolder] = [:]
        var files: [EntryFile] = []
        for offset in 0..<Self.sampledShards {
            let shard = Self.shardName((first + offset) % 256)
            guard let folder = try? tree.objects.folder(shard) else { continue }
            folders[shard] = folder
            files += listing(of: folder, shard: shard).entries
        }
        files.sort { $0.modified < $1.modified }
        let sampled = files.reduce(Int64(0)) { $0 + $1.size }
        let slack = Int64(Double(sampled) * (1 - configuration.trimTarget))
        let needed = totals.bytes - sizeLimit + slack
        // Oldest first across the sample, under one hold of the record's lock.
        let removal = removeEntries(files, in: { folders[$0] }, upTo: needed) { file, current in
            current.modified > file.modified
        }
        if removal.recordLost { recountRecord() }
        state.withLock {
            $0.statistics.evictions += removal.entries
            $0.statistics.bytesEvicted += removal.bytes
            $0.statistics.sampledTrims += 1
        }
        if needed - removal.bytes > slack { trimIfNeeded() }
    }

    static let sampledFrom: Int64 = 4096
    /// Of 256.
    static let sampledShards = 4
}
