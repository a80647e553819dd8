import FoundationEssentials
import RickAndMortyAPI
import ServiceLifecycle

/// A started server: its address, and the means to stop it. Thread-safe: immutable after start.
package final class RunningAPIServer: Sendable {
    /// The API root, e.g. `http://127.0.0.1:49152/api`.
    package let root: APIRoot
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    init(root: APIRoot, group: ServiceGroup, task: Task<Void, any Error>) {
        self.root = root
        self.group = group
        self.task = task
    }

    /// Stops accepting, lets requests in flight finish, and waits until the server has shut down.
    package func stop() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
    }

    /// Serves until the server fails or the calling task is cancelled.
    package func wait() async throws {
        try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            Task { await group.triggerGracefulShutdown() }
        }
    }
}
