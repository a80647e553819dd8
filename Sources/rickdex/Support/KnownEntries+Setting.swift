import FoundationEssentials
import LoupePipeline
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
