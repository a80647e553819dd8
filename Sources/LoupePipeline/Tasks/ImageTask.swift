import LoupeToolbox

/// One image being loaded, as Nuke's `ImageTask`: its progress, a priority that may change while
/// it waits, and `cancel()`. Made by `ImagePipeline.imageTask(with:)`, which starts it at once.
///
/// Tasks for the same image share one download and one processing chain: cancelling one leaves
/// the others waiting, and cancelling all of them stops the download.
public final class ImageTask: Sendable {
    /// How much of the image's data has arrived.
    public struct Progress: Sendable, Hashable {
        /// Bytes received.
        public var completed: Int
        /// Bytes expected, when the origin said (`Content-Length`).
        public var total: Int?

        public init(completed: Int, total: Int?) {
            self.completed = completed
            self.total = total
        }

        /// `completed` over `total`, from 0 to 1; `nil` when the total is unknown.
        public var fraction: Double? {
            guard let total, total > 0 else { return nil }
            return min(1, Double(completed) / Double(total))
        }
    }

    private struct State {
        var priority: ImageRequest.Priority
        var progress = Progress(completed: 0, total: nil)
        var work: Task<ImageResponse, any Error>?
        var cancelled = false
    }

    public let request: ImageRequest
    private let state: Locked<State>
    private let updates: AsyncStream<Progress>.Continuation
    /// Each change of `progress`, the newest kept when the reader falls behind; it ends when the
    /// task does. For one reader.
    public let progressUpdates: AsyncStream<Progress>

    init(request: ImageRequest) {
        self.request = request
        self.state = Locked(State(priority: request.priority))
        (progressUpdates, updates) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// How soon its download and its processing start when the pipeline's slots are busy.
    /// Changing it while the task waits moves it in the queue (work shared by several tasks goes
    /// at the highest of their priorities).
    public var priority: ImageRequest.Priority {
        get { state.withLock { $0.priority } }
        set { state.withLock { $0.priority = newValue } }
    }

    /// How much of the data has arrived so far.
    public var progress: Progress { state.withLock { $0.progress } }

    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// The image, or why there is none (`ImagePipeline.Error`, or `CancellationError` once
    /// cancelled). Cancelling the caller that awaits it cancels the task.
    ///
    /// In a task group, return the outcome in a struct, not in a tuple from a do/catch: Swift
    /// 6.3's optimizer loses such a group's results (docs/compiler-defects.md).
    public var response: ImageResponse {
        get async throws {
            guard let work = state.withLock({ $0.work }) else { throw CancellationError() }
            return try await withTaskCancellationHandler { try await work.value } onCancel: { cancel() }
        }
    }

    /// Stops waiting for the image: the task ends with `CancellationError`, and work no other
    /// task waits on is stopped.
    public func cancel() {
        let work = state.withLock { state in
            state.cancelled = true
            return state.work
        }
        work?.cancel()
    }

    /// Starts `work`, the task's load; called once, by the pipeline.
    func start(_ work: @escaping @Sendable (ImageTask) async throws -> ImageResponse) {
        let task = Task { [self] in
            defer { updates.finish() }
            return try await work(self)
        }
        let cancelled = state.withLock { state in
            state.work = task
            return state.cancelled
        }
        if cancelled { task.cancel() }
    }

    /// What the load tells of the bytes received.
    func report(_ completed: Int, _ total: Int?) {
        let progress = Progress(completed: completed, total: total)
        state.withLock { $0.progress = progress }
        updates.yield(progress)
    }
}
