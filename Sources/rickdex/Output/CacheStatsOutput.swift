import LoupePipeline

/// `rickdex cache stats --json`.
struct CacheStatsOutput: Codable {
    var path: String
    var limit: Int64
    var entries: Int
    var bytes: Int64
    /// With `--exact` only: the walk's counts by kind and freshness.
    var usage: DiskUsage?
}
