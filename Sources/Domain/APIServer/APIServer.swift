import FoundationEssentials
import Hummingbird
import Logging
import LoupeHTTP
import LoupeToolbox
import NIOCore
import RickAndMortyAPI
import ServiceLifecycle

import Glibc

/// `rickdex serve`: the Rick and Morty API's routes and semantics over a dataset folder.
///
/// Routes: `/api`, `/api/character[/ids]`, `/api/character/avatar/N.jpeg`, `/api/episode[/ids]`,
/// `/api/location[/ids]`. Every URL in its JSON points at the server itself, or where a proxy in
/// front of it says it is reached (`PublicRoot`). With a logger at `info` or below, each request
/// is logged in one access-log line.
package enum APIServer {
    /// Starts serving `dataset`; returns once the socket is listening.
    ///
    /// - Throws: when the address cannot be bound.
    package static func start(
        dataset: Dataset, configuration: APIServerConfiguration = APIServerConfiguration(), logger: Logger = .disabled
    ) async throws -> RunningAPIServer {
        // swift-format-ignore: NeverForceUnwrap
        let bound = Locked(APIRoot("http://127.0.0.1/api")!)
        let router = APIRouter(dataset: dataset, configuration: configuration, bound: bound).build(logger: logger)
        let server = try await start(
            router: ExpressBehavior(routes: router), host: configuration.host, port: configuration.port,
            connections: configuration.connections, logger: logger)
        bound.withLock { $0 = server.root }
        return server
    }

    /// Starts serving `router` (any routes: tests give servers that misbehave); returns once the
    /// socket is listening. The server's tasks run on its event loops (`ServerExecutor`), apart
    /// from the caller's. Each connection is held to `connections`: Hummingbird's idle timeout,
    /// and a `ConnectionGate` (its client's share, then a `HeaderDeadline`).
    package static func start<Routes: HTTPResponderBuilder>(
        router: Routes, host: String = "127.0.0.1", port: Int = 0, connections: ConnectionLimits = .standard,
        logger: Logger = .disabled
    ) async throws -> RunningAPIServer where Routes.Responder.Context == BasicRequestContext {
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let clients = ClientConnections(limit: connections.connectionsPerClient)
        let headerTimeout = TimeAmount(connections.headerTimeout)
        let application = Application(
            router: router,
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [ConnectionGate(clients: clients, headerTimeout: headerTimeout, logger: logger)],
                    idleTimeout: TimeAmount(connections.idleTimeout))),
            configuration: .init(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: logger
        )
        // Stopped by graceful shutdown, never by cancelling the task: cancelling Hummingbird while
        // a keep-alive connection is open traps inside NIO ("Deinited NIOAsyncWriter").
        let group = ServiceGroup(configuration: .init(services: [application], logger: logger))
        let task = Task(executorPreference: ServerExecutor(loops: application.eventLoopGroup)) {
            defer { portContinuation.finish() }
            try await LoopClock.$loops.withValue(application.eventLoopGroup) { try await group.run() }
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            do {
                try await task.value
            } catch let failure as IOError {
                // NIO names the system call in Swift's words; a person needs the system's.
                throw ListenFailure(reason: String(cString: strerror(failure.errnoCode)))
            }
            throw CancellationError()
        }
        // Listening on every address (0.0.0.0, ::), the server is reached on this machine's
        // loopback: the root to use, not the wildcard, which no client can connect to.
        let reachable = host == "0.0.0.0" ? "127.0.0.1" : host == "::" ? "::1" : host
        var root = URLComponents()
        (root.scheme, root.port, root.path) = ("http", port, "/api")
        root.percentEncodedHost = reachable.contains(":") ? "[\(reachable)]" : reachable
        // swift-format-ignore: NeverForceUnwrap
        return RunningAPIServer(root: root.url.flatMap(APIRoot.init(url:))!, group: group, task: task)
    }
}

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

/// The server could not listen on its address, in the system's words ("Address already in use").
package struct ListenFailure: Error, CustomStringConvertible {
    package let reason: String

    package var description: String { reason }
}
