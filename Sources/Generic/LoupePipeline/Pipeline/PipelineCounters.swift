import Synchronization

/// `PipelineStatistics`' counters, counted where the work happens with no hop to
/// `ImagePipelineActor`: a disk hit awaited the actor twice for them, a quarter of its time.
final class PipelineCounters: Sendable {
    let processedHits = Atomic<Int>(0)
    let originalHits = Atomic<Int>(0)
    let dataMisses = Atomic<Int>(0)
    let stored = Atomic<Int>(0)
    let unstored = Atomic<Int>(0)
    let downloads = Atomic<Int>(0)
    let revalidated = Atomic<Int>(0)
    let bytesDownloaded = Atomic<Int64>(0)
    let processed = Atomic<Int>(0)

    /// What they count now; `storeFailure` and `coalesced` are the caller's.
    var snapshot: PipelineStatistics {
        var statistics = PipelineStatistics()
        statistics.processedHits = processedHits.load(ordering: .relaxed)
        statistics.originalHits = originalHits.load(ordering: .relaxed)
        statistics.dataMisses = dataMisses.load(ordering: .relaxed)
        statistics.stored = stored.load(ordering: .relaxed)
        statistics.unstored = unstored.load(ordering: .relaxed)
        statistics.downloads = downloads.load(ordering: .relaxed)
        statistics.revalidated = revalidated.load(ordering: .relaxed)
        statistics.bytesDownloaded = bytesDownloaded.load(ordering: .relaxed)
        statistics.processed = processed.load(ordering: .relaxed)
        return statistics
    }
}

extension Atomic where Value == Int {
    /// One more, in no order with other memory: a counter read only for reports.
    func increment() { add(1, ordering: .relaxed) }
}
