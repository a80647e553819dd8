import AvatarCache

/// `rickdex cache stats --json`.
struct CacheStatsOutput: Codable {
    var path: String
    var limit: Int64
    var usage: DiskUsage
}
