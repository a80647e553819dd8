import FoundationEssentials
import ServiceLifecycle

/// A started server: its address, and the means to stop it. Thread-safe: immutable after start.
public final class RunningAPIServer: Sendable {
    /// The API root, e.g. `http://127.0.0.1:49152/api`.
    public let baseURL: URL
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    init(baseURL: URL, group: ServiceGroup, task: Task<Void, any Error>) {
        self.baseURL = baseURL
        self.group = group
        self.task = task
    }

    /// Stops accepting, lets requests in flight finish, and waits until the server has shut down.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
    }

    /// Serves until the server fails or the calling task is cancelled.
    public func wait() async throws {
        try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            Task { await group.triggerGracefulShutdown() }
        }
    }
}
