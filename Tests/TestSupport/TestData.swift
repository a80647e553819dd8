import APIServer
import Foundation
import LoupeHTTP
import Hummingbird
import LoupePipeline
import RickAndMortyAPI
import UseCases

/// Where the tests find their data and how they start the real loopback server.
package enum TestData {
    /// The repository's root, found from this file's path.
    package static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The project's own dataset.
    package static let fixtures = repositoryRoot.appendingPathComponent("Fixtures", isDirectory: true)

    /// The real service's data (`../shared/realdata`), or `nil` when this machine does not have it.
    package static let realData: URL? = {
        let folder = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/realdata", isDirectory: true)
        return FileManager.default.fileExists(atPath: folder.appendingPathComponent("characters.json").path) ? folder : nil
    }()

    /// The message a test prints when it skips for want of real data.
    package static let realDataMissing = "../shared/realdata is absent: skipping the checks against the real service's data"

    /// Loads the fixtures once per process.
    package static let fixturesDataset: Dataset = {
        do {
            return try Dataset.load(from: fixtures)
        } catch {
            fatalError("the committed Fixtures/ must load: \(error)")
        }
    }()

    /// Runs `body` with the real server over `dataset` on a free loopback port, then stops it.
    /// It sends a CDN's caching headers (strong ETags, long lifetimes) unless `headers` says
    /// `.origin`; `cacheControl`, when given, replaces the `Cache-Control` of every answer and avatar.
    package static func withServer<T>(
        _ dataset: Dataset = fixturesDataset, faults: FaultPlan = .none, headers: HeaderStyle = .cdn,
        cacheControl: String? = nil, _ body: (URL) async throws -> T
    ) async throws -> T {
        var configuration = APIServerConfiguration(port: 0, faults: faults, headers: headers)
        if let cacheControl {
            configuration.jsonCacheControl = cacheControl
            configuration.avatarCacheControl = cacheControl
        }
        return try await serving(try await APIServer.start(dataset: dataset, configuration: configuration), body)
    }

    /// Runs `body` with a server of `router`'s routes (one that misbehaves on purpose) on a free
    /// loopback port, given its API root (`http://127.0.0.1:N/api`), then stops it.
    /// Its cap on connections a client is far above `serve`'s: a transport test may leave
    /// hundreds closing (cancelled requests) faster than a server under a sanitizer sees them go.
    package static func withServer<T>(
        router: Router<BasicRequestContext>, _ body: (URL) async throws -> T
    ) async throws -> T {
        let limits = ConnectionLimits(connectionsPerClient: 4096)
        return try await serving(try await APIServer.start(router: router, connections: limits), body)
    }

    /// Runs `body` with `server`'s API root, then stops it gracefully, whether `body` throws or not
    /// (a cancelled server task can drop connections still being accepted).
    private static func serving<T>(_ server: RunningAPIServer, _ body: (URL) async throws -> T) async throws -> T {
        do {
            let result = try await body(server.root.url)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// An image pipeline on a cache in `folder`, fetching from the server at `baseURL` over
    /// `transport`, as the command's (`ImagePipeline.keyed(by:…)`).
    package static func images(_ baseURL: URL, cacheIn folder: URL, transport: HTTPTransport) throws -> ImagePipeline {
        .keyed(
            by: APIIdentity(name: "test", root: root(baseURL)),
            dataLoader: ImageFetcher(transport: transport), dataCache: try DiskCache(root: folder))
    }

    /// A client with fast retries, so fault tests do not wait long.
    package static func client(
        _ baseURL: URL, attempts: Int = 4, timeout: Duration = .seconds(10), maxBodyBytes: Int = 10 << 20
    ) -> HTTPRickAndMortyClient {
        let retry = RetryPolicy(maxAttempts: attempts, baseDelay: .milliseconds(5), maxDelay: .milliseconds(20))
        let configuration = TransportConfiguration(requestTimeout: timeout, maxBodyBytes: maxBodyBytes, retry: retry)
        return HTTPRickAndMortyClient(root: root(baseURL), transport: HTTPTransport(configuration: configuration))
    }

    /// `url`, a server's root URL, as an `APIRoot`.
    package static func root(_ url: URL) -> APIRoot {
        // swift-format-ignore: NeverForceUnwrap
        APIRoot(url: url)!
    }

    /// A fresh temporary folder inside this run's own (`TestRun.folder`), which goes when the run
    /// ends; a caller that makes large files removes it sooner.
    package static func temporaryFolder() throws -> URL {
        let folder = TestRun.folder.appendingPathComponent(UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}

/// A fresh temporary folder that is removed with its owner: `let folder = try TemporaryFolder()`
/// in a test suite class gives each test its own.
package final class TemporaryFolder: Sendable {
    package let url: URL

    package init() throws {
        url = try TestData.temporaryFolder()
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    package var path: String { url.path }

    package func appendingPathComponent(_ component: String) -> URL { url.appendingPathComponent(component) }
}
