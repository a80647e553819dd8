import LoupeToolbox

/// Loads images before they are needed, a few at a time, so the caches hold them when asked: as
/// Nuke's `ImagePrefetcher` (a list about to scroll into view, a warm for offline use).
///
/// Requests run in the order given, at most `maxConcurrentRequests` at once, each as
/// `ImagePipeline.image(for:)` would at `priority` (a request the screen makes meanwhile joins
/// the same load, and raises its priority to its own).
/// Failures are counted, not thrown: a prefetch is a hint. Thread-safe.
public final class ImagePrefetcher: Sendable {
    public let pipeline: ImagePipeline
    /// Requests loading at once; the rest wait their turn.
    public let maxConcurrentRequests: Int
    /// The priority every prefetch runs at: low, as Nuke's, so what the screen asks for goes first.
    public let priority: ImageRequest.Priority

    private struct State {
        var queue: [ImageRequest] = []
        var workers: [Int: Task<Void, Never>] = [:]
        var nextWorker = 0
        var done = 0
        var failed = 0
    }

    private let state = Locked(State())

    public init(pipeline: ImagePipeline, maxConcurrentRequests: Int = 2, priority: ImageRequest.Priority = .low) {
        precondition(maxConcurrentRequests > 0, "a prefetcher runs at least one request at a time")
        self.pipeline = pipeline
        self.maxConcurrentRequests = maxConcurrentRequests
        self.priority = priority
    }

    /// Requests finished so far, and how many of them failed.
    public var counts: (done: Int, failed: Int) { state.withLock { ($0.done, $0.failed) } }

    /// Queues `requests` behind those already waiting, and starts workers up to the bound.
    public func startPrefetching(with requests: [ImageRequest]) {
        state.withLock { state in
            state.queue += requests.map { request in
                var request = request
                request.priority = priority
                return request
            }
            // A worker for each waiting request, up to the bound; running ones take more as they finish.
            let wanted = min(maxConcurrentRequests, state.workers.count + state.queue.count)
            while state.workers.count < wanted {
                let id = state.nextWorker
                state.nextWorker += 1
                state.workers[id] = Task { await self.work(id) }
            }
        }
    }

    /// Drops the waiting requests for these images (same URL and processors); those loading go on.
    public func stopPrefetching(with requests: [ImageRequest]) {
        let keys = Set(requests.map(\.imageCacheKey))
        state.withLock { $0.queue.removeAll { keys.contains($0.imageCacheKey) } }
    }

    /// Drops every waiting request and cancels those loading.
    public func stopPrefetching() {
        let workers = state.withLock { state in
            state.queue = []
            return Array(state.workers.values)
        }
        for worker in workers { worker.cancel() }
    }

    /// Returns once every request queued so far has finished or been stopped.
    public func finish() async {
        while let worker = state.withLock({ $0.workers.values.first }) {
            await worker.value
        }
    }

    /// One worker: takes the next request until none is left (or it is cancelled), then leaves,
    /// in the same hold of the lock, so a request queued meanwhile always finds a worker.
    private func work(_ id: Int) async {
        while true {
            let next = state.withLock { state -> ImageRequest? in
                guard !Task.isCancelled, !state.queue.isEmpty else {
                    state.workers[id] = nil
                    return nil
                }
                return state.queue.removeFirst()
            }
            guard let next else { return }
            let failed: Bool
            do {
                _ = try await pipeline.image(for: next)
                failed = false
            } catch {
                failed = true
            }
            state.withLock { state in
                state.done += 1
                if failed { state.failed += 1 }
            }
        }
    }
}
