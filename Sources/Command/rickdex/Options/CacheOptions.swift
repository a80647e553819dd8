import ArgumentParser
import FoundationEssentials
import LoupePipeline
import LoupeToolbox
import UseCases

/// Where the cache lives and how big it may grow: every command that reads or writes it.
struct CacheOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The cache folder.",
            discussion: "Default: $RICKDEX_CACHE_DIR, else $XDG_CACHE_HOME/rickdex, else ~/.cache/rickdex.",
            valueName: "dir"))
    var cacheDir: String?

    @Option(
        name: .long, help: ArgumentHelp("The most the cache may hold on disk, e.g. 512MB or 2GB.", valueName: "size"))
    var cacheSize: ByteSize = ByteSize(bytes: 512 * 1024 * 1024)

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Days a cached avatar is used without asking the server again (default 7; 0: as its headers say).",
            discussion: "The real origin sends avatars with max-age=0; browse's Ctrl-R and warm --refresh ask all the same.",
            valueName: "days"))
    var avatarMaxStale: Double = 7

    /// `--avatar-max-stale` as a duration.
    var avatarsAcceptedStale: Duration { .seconds(max(0, avatarMaxStale) * 24 * 3600) }

    /// `--cache-dir`, then `RICKDEX_CACHE_DIR`, then the XDG cache folder.
    func root(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        func nonEmpty(_ value: String?) -> String? { value.flatMap { $0.isEmpty ? nil : $0 } }
        if let path = nonEmpty(cacheDir) ?? nonEmpty(environment["RICKDEX_CACHE_DIR"]) {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        if let xdg = nonEmpty(environment["XDG_CACHE_HOME"]) {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("rickdex", isDirectory: true)
        }
        let home = nonEmpty(environment["HOME"]) ?? (FileSystem.homeFolder ?? "/")
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache/rickdex", isDirectory: true)
    }

    /// The disk tier: a folder of the user's (one holding other files) is refused, and nothing
    /// is made on disk before the first write.
    func open() throws -> DiskCache {
        try DiskCache(root: root(), configuration: DiskCacheConfiguration(
                sizeLimit: cacheSize.bytes, lifetimes: [.response: DiskResponseCache.defaultLifetime]))
    }
}
