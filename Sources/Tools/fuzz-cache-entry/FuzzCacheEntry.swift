import FuzzTargets

/// libFuzzer target for the disk cache's entry format. See `scripts/fuzz`.
@main
enum FuzzCacheEntry {
    static func main() {
        FuzzDriver.main(CacheEntryFuzzTarget.callback)
    }
}
