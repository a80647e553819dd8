/// The one owner of every image pipeline's coordination state, as Nuke's: jobs in flight and
/// their waiters, the queues of work waiting for a slot, prefetchers' lists. Decoding,
/// processing, loads and cache reads and writes run off it (and count in `PipelineCounters`).
@globalActor public actor ImagePipelineActor {
    public static let shared = ImagePipelineActor()
}
