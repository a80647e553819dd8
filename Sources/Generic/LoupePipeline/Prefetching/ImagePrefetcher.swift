import FoundationEssentials
import LoupeToolbox

/// Loads images before they are needed, as Nuke's `ImagePrefetcher`: in the order given, at most
/// `maxConcurrentRequestCount` at once, each an `ImageTask` in the pipeline's queues (a request the
/// screen makes joins it). A duplicate is not queued again; failures are counted, not thrown.
/// Its lists live on `ImagePipelineActor`, where calls apply in the order made.
public final class ImagePrefetcher: Sendable {
    public let pipeline: ImagePipeline
    public let maxConcurrentRequestCount: Int

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

    /// Low by default, as Nuke's; a change reaches the requests loading and waiting alike.
    public var priority: ImageRequest.Priority {
        get { settings.withLock { $0.priority } }
        set {
            settings.withLock { $0.priority = newValue }
            send { [self] in for task in loading.values { task.priority = newValue } }
        }
    }

    /// While paused, no waiting request starts; those loading go on.
    public var isPaused: Bool {
        get { settings.withLock { $0.paused } }
        set {
            settings.withLock { $0.paused = newValue }
            send { [self] in startNext() }
        }
    }

    /// Called each time the prefetcher runs out of work (not when it was stopped).
    public var didComplete: (@Sendable () -> Void)? {
        get { settings.withLock { $0.didComplete } }
        set { settings.withLock { $0.didComplete = newValue } }
    }

    /// Requests finished so far (not those stopped), and how many of them failed.
    public var counts: (done: Int, failed: Int) { settings.withLock { $0.counts } }

    /// Queues `requests` behind those waiting, each once, and starts them up to the bound.
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

    public func startPrefetching(with urls: [URL]) {
        startPrefetching(with: urls.map { ImageRequest(url: $0) })
    }

    /// Drops these if waiting, cancels them if loading (a request the screen made goes on).
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

    public func stopPrefetching() {
        send { [self] in
            waiting = []
            for task in loading.values { task.cancel() }
            loading = [:]
        }
    }

    /// Returns once every request queued so far has finished or been stopped.
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
