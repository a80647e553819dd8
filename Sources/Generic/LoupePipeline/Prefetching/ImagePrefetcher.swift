import FoundationEssentials
import LoupeToolbox

/// Loads images before they are needed, a few at a time, so the caches hold them when asked: as
/// Nuke's `ImagePrefetcher` (a list about to scroll into view, a batch kept for offline use).
///
/// Requests run in the order given, at most `maxConcurrentRequests` at once, each as an
/// `ImageTask` at `priority` (a request the screen makes meanwhile joins the same load, and raises
/// its priority to its own). A request equal to one queued or loading (same image, same
/// processors) is not queued again. Failures are counted, not thrown: a prefetch is a hint.
/// Thread-safe.
public final class ImagePrefetcher: Sendable {
    public let pipeline: ImagePipeline
    /// Requests loading at once; the rest wait their turn.
    public let maxConcurrentRequests: Int

    private struct Entry {
        var request: ImageRequest
        var key: CacheKey
    }

    private struct State {
        var priority: ImageRequest.Priority
        var paused = false
        var queue: [Entry] = []
        var loading: [CacheKey: ImageTask] = [:]
        var workers: [Int: Task<Void, Never>] = [:]
        var nextWorker = 0
        var done = 0
        var failed = 0
        var didComplete: (@Sendable () -> Void)?
    }

    private let state: Locked<State>

    public init(pipeline: ImagePipeline, maxConcurrentRequests: Int = 2, priority: ImageRequest.Priority = .low) {
        precondition(maxConcurrentRequests > 0, "a prefetcher runs at least one request at a time")
        self.pipeline = pipeline
        self.maxConcurrentRequests = maxConcurrentRequests
        self.state = Locked(State(priority: priority))
    }

    /// The priority prefetches run at: low by default, as Nuke's, so what the screen asks for goes
    /// first. A change reaches the requests loading and those waiting alike.
    public var priority: ImageRequest.Priority {
        get { state.withLock { $0.priority } }
        set {
            let loading = state.withLock { state in
                state.priority = newValue
                return Array(state.loading.values)
            }
            for task in loading { task.priority = newValue }
        }
    }

    /// While paused, no waiting request starts; those loading go on. Unpausing starts them again.
    public var isPaused: Bool {
        get { state.withLock { $0.paused } }
        set {
            state.withLock { $0.paused = newValue }
            if !newValue { startWorkers() }
        }
    }

    /// Called each time the prefetcher runs out of work: the last request it was given has
    /// finished (not when it was stopped), or it was given nothing new to do.
    public var didComplete: (@Sendable () -> Void)? {
        get { state.withLock { $0.didComplete } }
        set { state.withLock { $0.didComplete = newValue } }
    }

    /// Requests finished so far (those stopped while loading are not), and how many of them failed.
    public var counts: (done: Int, failed: Int) { state.withLock { ($0.done, $0.failed) } }

    /// Queues `requests` behind those already waiting (each once: one equal to a waiting or
    /// loading request is left out), and starts workers up to the bound.
    public func startPrefetching(with requests: [ImageRequest]) {
        let idle = state.withLock { state -> (@Sendable () -> Void)? in
            var queued = Set(state.queue.map(\.key)).union(state.loading.keys)
            for request in requests {
                let key = pipeline.requestKey(request)
                guard queued.insert(key).inserted else { continue }
                state.queue.append(Entry(request: request, key: key))
            }
            return state.queue.isEmpty && state.loading.isEmpty ? state.didComplete : nil
        }
        idle?()
        startWorkers()
    }

    /// Queues the images at `urls`, without processors.
    public func startPrefetching(with urls: [URL]) {
        startPrefetching(with: urls.map { ImageRequest(url: $0) })
    }

    /// Stops prefetching these images (same image and processors): the waiting are dropped, and
    /// those loading are cancelled, as Nuke's (a request the screen made for the same image goes on).
    public func stopPrefetching(with requests: [ImageRequest]) {
        let keys = Set(requests.map { pipeline.requestKey($0) })
        let loading = state.withLock { state in
            state.queue.removeAll { keys.contains($0.key) }
            return keys.compactMap { state.loading.removeValue(forKey: $0) }
        }
        for task in loading { task.cancel() }
    }

    public func stopPrefetching(with urls: [URL]) {
        stopPrefetching(with: urls.map { ImageRequest(url: $0) })
    }

    /// Drops every waiting request and cancels those loading.
    public func stopPrefetching() {
        let loading = state.withLock { state in
            state.queue = []
            defer { state.loading = [:] }
            return Array(state.loading.values)
        }
        for task in loading { task.cancel() }
    }

    /// Returns once every request queued so far has finished or been stopped (at once while
    /// paused with nothing loading).
    public func finish() async {
        while let worker = state.withLock({ $0.workers.values.first }) {
            await worker.value
        }
    }

    /// A worker for each waiting request, up to the bound; running ones take more as they finish.
    private func startWorkers() {
        state.withLock { state in
            guard !state.paused else { return }
            let wanted = min(maxConcurrentRequests, state.workers.count + state.queue.count)
            while state.workers.count < wanted {
                let id = state.nextWorker
                state.nextWorker += 1
                state.workers[id] = Task { await self.work(id) }
            }
        }
    }

    /// One worker: takes the next request until none is left (or the prefetcher is paused), then
    /// leaves, in the same hold of the lock, so a request queued meanwhile always finds a worker.
    private func work(_ id: Int) async {
        while true {
            let next = state.withLock { state -> (Entry, ImageTask)? in
                guard !state.paused, !state.queue.isEmpty else {
                    state.workers[id] = nil
                    return nil
                }
                var entry = state.queue.removeFirst()
                entry.request.priority = state.priority
                let task = pipeline.imageTask(with: entry.request)
                state.loading[entry.key] = task
                return (entry, task)
            }
            guard let (entry, task) = next else { return }
            let outcome: Bool?  // succeeded, failed, or `nil`: stopped
            do {
                _ = try await task.response
                outcome = true
            } catch {
                outcome = error == .cancelled ? nil : false
            }
            let complete = state.withLock { state -> (@Sendable () -> Void)? in
                // A stop removed it already, and a start may have queued it again since.
                if state.loading[entry.key] === task { state.loading[entry.key] = nil }
                guard let succeeded = outcome else { return nil }
                state.done += 1
                if !succeeded { state.failed += 1 }
                return state.queue.isEmpty && state.loading.isEmpty ? state.didComplete : nil
            }
            complete?()
        }
    }
}
