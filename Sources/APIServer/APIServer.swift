import Foundation
import Hummingbird
import Logging
import RickAndMortyAPI
import ServiceLifecycle

/// `rickdex serve`: the Rick and Morty API's routes and semantics over a dataset folder.
///
/// Routes: `/api`, `/api/character[/ids]`, `/api/character/avatar/N.jpeg`, `/api/episode[/ids]`,
/// `/api/location[/ids]`. Every URL in its JSON points at the server itself, or where a proxy in
/// front of it says it is reached (`PublicRoot`). With a logger at `info` or below, each request
/// is logged in one access-log line.
public enum APIServer {
    /// Starts serving `dataset`; returns once the socket is listening.
    ///
    /// - Throws: when the address cannot be bound.
    public static func start(
        dataset: Dataset, configuration: APIServerConfiguration = APIServerConfiguration(), logger: Logger = .disabled
    ) async throws -> RunningAPIServer {
        let base = BaseURL()
        let router = APIRouter(dataset: dataset, configuration: configuration, base: base).build(logger: logger)
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let application = Application(
            router: router,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: logger
        )
        // Stopped by graceful shutdown, never by cancelling the task: cancelling Hummingbird while
        // a keep-alive connection is open traps inside NIO ("Deinited NIOAsyncWriter").
        let group = ServiceGroup(configuration: .init(services: [application], logger: logger))
        let task = Task {
            defer { portContinuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            try await task.value
            throw CancellationError()
        }
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        let url = "http://\(host):\(port)/api"
        base.set(url)
        // swift-format-ignore: NeverForceUnwrap
        return RunningAPIServer(baseURL: URL(string: url)!, group: group, task: task)
    }
}
