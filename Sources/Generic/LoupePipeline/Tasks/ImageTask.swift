import LoupeImaging
import LoupeToolbox

/// One image being loaded, as Nuke's `ImageTask`: an id, a state, its progress and events (as
/// streams any number of readers follow), a priority that may change while it waits, and
/// `cancel()`. Made by `ImagePipeline.imageTask(with:)`, which starts it at once.
///
/// Tasks for the same image share one download and one processing chain: cancelling one leaves
/// the others waiting, and cancelling all of them stops the download.
public final class ImageTask: Sendable, Hashable, Identifiable {
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

    /// What happens to a task, in order: progress as the data arrives, then how it finished.
    /// (Nuke's `.preview` has no counterpart: images are decoded whole.)
    public enum Event: Sendable {
        case progress(Progress)
        case finished(Result<ImageResponse, ImagePipeline.Error>)
    }

    /// Where a task is, as Nuke's `ImageTask.State`.
    public enum State: Sendable, Hashable {
        case running
        case cancelled
        case completed
    }

    private struct Guarded {
        var priority: ImageRequest.Priority
        var progress = Progress(completed: 0, total: nil)
        var work: Task<Result<ImageResponse, ImagePipeline.Error>, Never>?
        var cancelled = false
        var result: Result<ImageResponse, ImagePipeline.Error>?
        var readers: [Int: AsyncStream<Event>.Continuation] = [:]
        var nextReader = 0
    }

    /// The task's number, unique in the process (as Nuke's `taskId`).
    public let taskId: UInt64
    public let request: ImageRequest
    private let guarded: Locked<Guarded>
    /// Who hears of each event besides the streams: the pipeline's delegate.
    private let observer: (@Sendable (ImageTask, Event) -> Void)?

    private static let counter = Locked<UInt64>(0)

    init(request: ImageRequest, observer: (@Sendable (ImageTask, Event) -> Void)? = nil) {
        self.taskId = Self.counter.withLock {
            $0 += 1
            return $0
        }
        self.request = request
        self.observer = observer
        self.guarded = Locked(Guarded(priority: request.priority))
    }

    public var id: ObjectIdentifier { ObjectIdentifier(self) }

    public static func == (lhs: ImageTask, rhs: ImageTask) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// How soon its download and its processing start when the pipeline's slots are busy.
    /// Changing it while the task waits moves it in the queue (work shared by several tasks goes
    /// at the highest of their priorities).
    public var priority: ImageRequest.Priority {
        get { guarded.withLock { $0.priority } }
        set { guarded.withLock { $0.priority = newValue } }
    }

    /// How much of the data has arrived so far.
    public var currentProgress: Progress { guarded.withLock { $0.progress } }

    public var isCancelled: Bool { guarded.withLock { $0.cancelled } }

    /// Running until it finishes: then completed, or cancelled when it ended so.
    public var state: State {
        guarded.withLock { guarded in
            switch guarded.result {
            case nil: guarded.cancelled ? .cancelled : .running
            case .failure(.cancelled): .cancelled
            case .some: .completed
            }
        }
    }

    /// The task's events from now on, for one reader each time it is asked (any number may
    /// follow one task): progress, then `.finished`. Asked after the task finished, it gives
    /// `.finished` at once.
    public var events: AsyncStream<Event> {
        let (stream, continuation) = AsyncStream<Event>.makeStream()
        let finished = guarded.withLock { guarded -> Result<ImageResponse, ImagePipeline.Error>? in
            if case .none = guarded.result {
                let reader = guarded.nextReader
                guarded.nextReader += 1
                guarded.readers[reader] = continuation
                continuation.onTermination = { [weak self] _ in
                    _ = self?.guarded.withLock { $0.readers.removeValue(forKey: reader) }
                }
            }
            return guarded.result
        }
        if let finished {
            continuation.yield(.finished(finished))
            continuation.finish()
        }
        return stream
    }

    /// Each change of the progress, from now on, for one reader each time it is asked; it ends
    /// when the task does.
    public var progress: AsyncCompactMapSequence<AsyncStream<Event>, Progress> {
        events.compactMap { event in
            if case .progress(let progress) = event { return progress }
            return nil
        }
    }

    /// The image, or why there is none (`ImagePipeline.Error`; `.cancelled` once cancelled).
    /// Cancelling the caller that awaits it cancels the task.
    ///
    /// In a task group, return the outcome in a struct, not in a tuple from a do/catch: Swift
    /// 6.3's optimizer loses such a group's results (docs/compiler-defects.md).
    public var response: ImageResponse {
        get async throws(ImagePipeline.Error) {
            guard let work = guarded.withLock({ $0.work }) else { throw .cancelled }
            let result = await withTaskCancellationHandler { await work.value } onCancel: { cancel() }
            return try result.get()
        }
    }

    /// The image alone (`response.image`), as Nuke's `image`.
    public var image: Bitmap {
        get async throws(ImagePipeline.Error) { try await response.image }
    }

    /// Stops waiting for the image: the task ends with `.cancelled`, and work no other task
    /// waits on is stopped.
    public func cancel() {
        let work = guarded.withLock { guarded in
            guarded.cancelled = true
            return guarded.work
        }
        work?.cancel()
    }

    /// Starts `work`, the task's load; called once, by the pipeline.
    func start(_ work: @escaping @Sendable (ImageTask) async throws -> ImageResponse) {
        let url = request.url.absoluteString
        let task = Task { [self] () -> Result<ImageResponse, ImagePipeline.Error> in
            let result: Result<ImageResponse, ImagePipeline.Error>
            do {
                result = .success(try await work(self))
            } catch {
                result = .failure(ImagePipeline.Error(error, url: url))
            }
            finish(result)
            return result
        }
        let cancelled = guarded.withLock { guarded in
            guarded.work = task
            return guarded.cancelled
        }
        if cancelled { task.cancel() }
    }

    /// What the load tells of the bytes received.
    func report(_ completed: Int, _ total: Int?) {
        let progress = Progress(completed: completed, total: total)
        let readers = guarded.withLock { guarded -> [AsyncStream<Event>.Continuation]? in
            guard case .none = guarded.result else { return nil }
            guarded.progress = progress
            return Array(guarded.readers.values)
        }
        // Nothing is heard of a task after it finished.
        guard let readers else { return }
        send(.progress(progress), to: readers)
    }

    private func finish(_ result: Result<ImageResponse, ImagePipeline.Error>) {
        let readers = guarded.withLock { guarded in
            guarded.result = result
            defer { guarded.readers = [:] }
            return Array(guarded.readers.values)
        }
        send(.finished(result), to: readers)
        for reader in readers { reader.finish() }
    }

    private func send(_ event: Event, to readers: [AsyncStream<Event>.Continuation]) {
        for reader in readers { reader.yield(event) }
        observer?(self, event)
    }
}
