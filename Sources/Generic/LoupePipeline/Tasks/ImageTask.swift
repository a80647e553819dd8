import LoupeImaging
import LoupeToolbox
import Synchronization

/// One image being loaded, as Nuke's `ImageTask`. Tasks for the same image share one download:
/// cancelling one leaves the others waiting, and cancelling all of them stops it.
public final class ImageTask: Sendable, Hashable, Identifiable {
    /// Bytes received, and expected when the origin said.
    public struct Progress: Sendable, Hashable {
        public var completed: Int
        public var total: Int?

        public init(completed: Int, total: Int?) {
            self.completed = completed
            self.total = total
        }

        public var fraction: Double? {
            guard let total, total > 0 else { return nil }
            return min(1, Double(completed) / Double(total))
        }
    }

    /// Progress, then how it finished (no `.preview`: images are decoded whole).
    public enum Event: Sendable {
        case progress(Progress)
        case finished(Result<ImageResponse, ImagePipeline.Error>)
    }

    public enum State: Sendable, Hashable {
        case running
        case cancelled
        case completed
    }

    private struct Status {
        var priority: ImageRequest.Priority
        var progress = Progress(completed: 0, total: nil)
        var cancelled = false
        var result: Result<ImageResponse, ImagePipeline.Error>?
        var readers: [Int: AsyncStream<Event>.Continuation] = [:]
        var nextReader = 0
    }

    /// Unique in the process.
    public let taskId: UInt64
    public let request: ImageRequest
    private let status: Locked<Status>
    private let observer: @Sendable (ImageTask, Event) -> Void
    // Written once, in `init`, before the task is handed to anyone; only read after.
    private nonisolated(unsafe) var work: Task<Result<ImageResponse, ImagePipeline.Error>, Never>?
    /// The priority the queues last heard, and where a change goes while it waits.
    @ImagePipelineActor private(set) var waitingPriority: ImageRequest.Priority
    @ImagePipelineActor var onPriority: ((ImageRequest.Priority) -> Void)?

    private static let counter = Atomic<UInt64>(0)

    init(
        request: ImageRequest, observer: @escaping @Sendable (ImageTask, Event) -> Void,
        _ body: @escaping @Sendable (ImageTask) async throws -> ImageResponse
    ) {
        taskId = Self.counter.add(1, ordering: .relaxed).newValue
        self.request = request
        self.observer = observer
        status = Locked(Status(priority: request.priority))
        waitingPriority = request.priority
        let url = request.url.absoluteString
        work = Task { [self] in
            let result: Result<ImageResponse, ImagePipeline.Error>
            do {
                result = .success(try await body(self))
            } catch {
                result = .failure(ImagePipeline.Error(error, url: url))
            }
            finish(result)
            return result
        }
    }

    public var id: ObjectIdentifier { ObjectIdentifier(self) }

    public static func == (lhs: ImageTask, rhs: ImageTask) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// A change while the task waits moves it once in the queue.
    public var priority: ImageRequest.Priority {
        get { status.withLock { $0.priority } }
        set {
            status.withLock { $0.priority = newValue }
            Task { @ImagePipelineActor in
                // The latest, whichever order the changes arrive in.
                let priority = self.priority
                guard priority != waitingPriority else { return }
                waitingPriority = priority
                onPriority?(priority)
            }
        }
    }

    public var currentProgress: Progress { status.withLock { $0.progress } }

    public var isCancelled: Bool { status.withLock { $0.cancelled } }

    public var state: State {
        status.withLock { status in
            switch status.result {
            case nil: status.cancelled ? .cancelled : .running
            case .failure(.cancelled): .cancelled
            case .some: .completed
            }
        }
    }

    /// The events from now on, for one reader each time asked; after the end, `.finished` at once.
    public var events: AsyncStream<Event> {
        let (stream, continuation) = AsyncStream<Event>.makeStream()
        let finished = status.withLock { status -> Result<ImageResponse, ImagePipeline.Error>? in
            if case .none = status.result {
                let reader = status.nextReader
                status.nextReader += 1
                status.readers[reader] = continuation
                continuation.onTermination = { [weak self] _ in
                    _ = self?.status.withLock { $0.readers.removeValue(forKey: reader) }
                }
            }
            return status.result
        }
        if let finished {
            continuation.yield(.finished(finished))
            continuation.finish()
        }
        return stream
    }

    public var progress: AsyncCompactMapSequence<AsyncStream<Event>, Progress> {
        events.compactMap { event in
            if case .progress(let progress) = event { return progress }
            return nil
        }
    }

    /// Cancelling the caller that awaits it cancels the task. In a task group, return the outcome in
    /// a struct, not a tuple from a do/catch: Swift 6.3's optimizer loses those (docs/compiler-defects.md).
    public var response: ImageResponse {
        get async throws(ImagePipeline.Error) {
            guard let work else { throw .cancelled }
            let result = await withTaskCancellationHandler { await work.value } onCancel: { cancel() }
            return try result.get()
        }
    }

    public var image: Bitmap {
        get async throws(ImagePipeline.Error) { try await response.image }
    }

    /// Stops the work no other task waits on.
    public func cancel() {
        status.withLock { $0.cancelled = true }
        work?.cancel()
    }

    func report(_ progress: Progress) {
        let readers = status.withLock { status -> [AsyncStream<Event>.Continuation]? in
            guard case .none = status.result else { return nil }
            status.progress = progress
            return Array(status.readers.values)
        }
        // Nothing is heard of a task after it finished.
        guard let readers else { return }
        send(.progress(progress), to: readers)
    }

    private func finish(_ result: Result<ImageResponse, ImagePipeline.Error>) {
        let readers = status.withLock { status in
            status.result = result
            defer { status.readers = [:] }
            return Array(status.readers.values)
        }
        send(.finished(result), to: readers)
        for reader in readers { reader.finish() }
    }

    private func send(_ event: Event, to readers: [AsyncStream<Event>.Continuation]) {
        for reader in readers { reader.yield(event) }
        observer(self, event)
    }
}

extension ImageTask: Waiting {}
