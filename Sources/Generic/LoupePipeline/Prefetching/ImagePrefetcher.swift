import FoundationEssentials
import LoupeToolbox

/// Loads images before they are needed, a few at a time, so the caches hold them when asked: as
/// Nuke's `ImagePrefetcher` (a list about to scroll into view, a batch kept for offline use).
///
/// Requests start in the order given, at most `maxConcurrentRequestCount` at once, each as an
/// `ImageTask` at `priority` in the pipeline's own queues (a request the screen makes meanwhile
/// joins the same load, and raises its priority to its own). A request equal to one waiting or
/// loading (same image, same processors) is not queued again. Failures are counted, not thrown: a
/// prefetch is a hint. Its lists live on `ImagePipelineActor`, where calls from any thread are
/// applied in the order they were made. Thread-safe.
public final class ImagePrefetcher: Sendable {
    public let pipeline: ImagePipeline
    /// Requests loading at once; the rest wait their turn.
    public let maxConcurrentRequestCount: Int

    /// What a caller sets and reads at once, from any thread.
    private struct Settings {
        var priority: ImageRequest.Priority
        var paused = false
        var didComplete: (@Sendable () -> Void)?
        var counts = (done: 0, failed: 0)
        /// The last call made, which the next one waits for: calls apply in the order made.
        var last: Task<Void, Never>?
    }

    private let settings: Locked<Settings>
    @ImagePipelineActor private var waiting: [(request: ImageRequest, key: CacheKey)] = []
    @ImagePipelineActor private var loading: [CacheKey: ImageTask] = [:]
    @ImagePipelineActor private var finishing: [CheckedContinuation<Void, Never>] = []

    public init(pipeline: ImagePipeline, maxConcurrentRequestCount: Int = 2, priority: ImageRequest.Priority = .low) {
        precondition(maxConcurrentRequestCount > 0, "a prefetcher runs at least one request at a time")
        self.pipeline = pipeline
        self.maxConcurrentRequestCount = maxConcurrentRequestCount
        self.settings = Locked(Settings(priority: priority))
    }

    /// The priority prefetches run at: low by default, as Nuke's, so what the screen asks for goes
    /// first. A change reaches the requests loading and those waiting alike.
    public var priority: ImageRequest.Priority {
        get { settings.withLock { $0.priority } }
        set {
            settings.withLock { $0.priority = newValue }
            send { [self] in for task in loading.values { task.priority = newValue } }
        }
    }

    /// While paused, no waiting request starts; those loading go on. Unpausing starts them again.
    public var isPaused: Bool {
        get { settings.withLock { $0.paused } }
        set {
            settings.withLock { $0.paused = newValue }
            send { [self] in startNext() }
        }
    }

    /// Called each time the prefetcher runs out of work: the last request it was given has
    /// finished (not when it was stopped), or it was given nothing new to do.
    public var didComplete: (@Sendable () -> Void)? {
        get { settings.withLock { $0.didComplete } }
        set { settings.withLock { $0.didComplete = newValue } }
    }

    /// Requests finished so far (those stopped while loading are not), and how many of them failed.
    public var counts: (done: Int, failed: Int) { settings.withLock { $0.counts } }

    /// Queues `requests` behind those already waiting (each once: one equal to a waiting or
    /// loading request is left out), and starts them up to the bound.
    public func startPrefetching(with requests: [ImageRequest]) {
        send { [self] in
            var queued = Set(waiting.map(\.key)).union(loading.keys)
            for request in requests {
                let key = pipeline.requestKey(request)
                if queued.insert(key).inserted { waiting.append((request, key)) }
            }
            if waiting.isEmpty, loading.isEmpty { settings.withLock { $0.didComplete }?() }
            startNext()
        }
    }

    /// Queues the images at `urls`, without processors.
    public func startPrefetching(with urls: [URL]) {
        startPrefetching(with: urls.map { ImageRequest(url: $0) })
    }

    /// Stops prefetching these images (same image and processors): the waiting are dropped, and
    /// those loading are cancelled, as Nuke's (a request the screen made for the same image goes on).
    public func stopPrefetching(with requests: [ImageRequest]) {
        let keys = Set(requests.map { pipeline.requestKey($0) })
        send { [self] in
            waiting.removeAll { keys.contains($0.key) }
            for key in keys { loading.removeValue(forKey: key)?.cancel() }
        }
    }

    public func stopPrefetching(with urls: [URL]) {
        stopPrefetching(with: urls.map { ImageRequest(url: $0) })
    }

    /// Drops every waiting request and cancels those loading.
    public func stopPrefetching() {
        send { [self] in
            waiting = []
            for task in loading.values { task.cancel() }
            loading = [:]
        }
    }

    /// Returns once every request queued so far has finished or been stopped (at once while
    /// paused with nothing loading).
    public func finish() async {
        await settings.withLock { $0.last }?.value
        await untilIdle()
    }

    @ImagePipelineActor private func untilIdle() async {
        if !isIdle { await withCheckedContinuation { finishing.append($0) } }
    }

    @ImagePipelineActor private var isIdle: Bool {
        loading.isEmpty && (waiting.isEmpty || settings.withLock { $0.paused })
    }

    private func send(_ command: @escaping @ImagePipelineActor @Sendable () -> Void) {
        settings.withLock { settings in
            let previous = settings.last
            settings.last = Task { @ImagePipelineActor in
                await previous?.value
                command()
                resumeFinishing()
            }
        }
    }

    /// Starts waiting requests as a task each, up to the bound, unless paused.
    @ImagePipelineActor private func startNext() {
        let (paused, priority) = settings.withLock { ($0.paused, $0.priority) }
        while !paused, loading.count < maxConcurrentRequestCount, !waiting.isEmpty {
            let key = waiting[0].key
            var request = waiting.removeFirst().request
            request.priority = priority
            let task = pipeline.imageTask(with: request)
            loading[key] = task
            Task { @ImagePipelineActor in
                let outcome: Bool?  // succeeded, failed, or `nil`: stopped
                do throws(ImagePipeline.Error) {
                    _ = try await task.response
                    outcome = true
                } catch {
                    outcome = error == .cancelled ? nil : false
                }
                finished(task, key: key, succeeded: outcome)
            }
        }
    }

    @ImagePipelineActor private func finished(_ task: ImageTask, key: CacheKey, succeeded: Bool?) {
        // A stop removed it already, and a start may have queued it again since.
        if loading[key] === task { loading[key] = nil }
        startNext()
        if let succeeded {
            let ranOut = waiting.isEmpty && loading.isEmpty
            let complete = settings.withLock { settings in
                settings.counts.done += 1
                if !succeeded { settings.counts.failed += 1 }
                return ranOut ? settings.didComplete : nil
            }
            complete?()
        }
        resumeFinishing()
    }

    @ImagePipelineActor private func resumeFinishing() {
        guard isIdle else { return }
        for waiter in finishing { waiter.resume() }
        finishing = []
    }
}
