import FoundationEssentials
import LoupePipeline
import LoupeToolbox
import RickAndMortyAPI
import UseCases

extension KnownEntries {
    /// What is known of the API `setting` names without a request: for `fixtures`, the bundled
    /// dataset; else what the cache holds for that API. Empty when neither can be read: hints
    /// are a courtesy.
    static func lookUp(
        setting: APISetting, cache: CacheOptions, _ kinds: Set<ResourceKind> = Set(ResourceKind.allCases)
    ) -> KnownEntries {
        if setting == .fixtures { return bundled(kinds) }
        guard let disk = try? cache.open() else { return KnownEntries() }
        return .cached(in: DiskResponseCache(disk: disk, identity: setting.identity()), kinds)
    }

    /// The bundled dataset's entries, found as `rickdex serve` finds it (beside the installed `bin/`).
    static func bundled(_ kinds: Set<ResourceKind>) -> KnownEntries {
        guard
            let folder = try? BundledDataset.locate(configured: ProcessInfo.processInfo.environment["RICKDEX_FIXTURES"]),
            let dataset = try? Dataset.load(from: folder)
        else { return KnownEntries() }
        return .all(in: dataset, kinds)
    }
}

extension NameIndex {
    /// The bundled dataset's index as stored: kept in `disk` (when it can be had) under the
    /// dataset's folder and its files' sizes and times, so that a completion reads one entry, not
    /// the dataset's JSON (33 ms of a release build's every Tab).
    static func bundledEncoding(in disk: DiskCache?) -> [UInt8] {
        guard let folder = try? BundledDataset.locate(configured: ProcessInfo.processInfo.environment["RICKDEX_FIXTURES"])
        else { return [] }
        let stamps = ["characters.json", "episodes.json", "locations.json"]
            .compactMap { FileSystem.info(folder.appendingPathComponent($0).path) }.map { "\($0.size)@\($0.modified)" }
        let key = CacheKey(["names", "bundled", folder.path] + stamps)
        let disk = stamps.count == 3 ? disk : nil
        if let entry = disk?.entry(for: key) { return entry.body }
        guard let dataset = try? Dataset.load(from: folder) else { return [] }
        let encoded = NameIndex.all(in: dataset).encoded()
        if let disk {
            let metadata = disk.metadata(.names, key: key, url: "#names", contentType: "text/tab-separated-values")
            try? disk.store(encoded, metadata: metadata, for: key)
        }
        return encoded
    }
}
