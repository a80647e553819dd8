import APIServer
import ArgumentParser
import Foundation
import Logging
import RickAndMortyAPI

/// The client a command uses, and the in-process server behind it when `--api fixtures`.
struct APIConnection {
    static let realService = "https://rickandmortyapi.com/api"

    let client: HTTPRickAndMortyClient
    private let server: RunningAPIServer?

    /// Connects as `options` say; `fixtures` starts the bundled dataset's server on a free port.
    static func open(_ options: GlobalOptions) async throws -> APIConnection {
        let logger = Logger.forCommandLine(verbose: options.verbose)
        let transport = HTTPTransport(logger: logger)
        let setting = options.apiSetting
        if setting == "fixtures" {
            let folder = try FixturesLocator.locate()
            let dataset = try Dataset.load(from: folder)
            let server = try await ServerStartFailure.wrapping(host: "127.0.0.1", port: 0) {
                try await APIServer.start(dataset: dataset)
            }
            logger.debug("serving the bundled dataset", metadata: ["url": "\(server.baseURL)", "folder": "\(folder.path)"])
            return APIConnection(client: HTTPRickAndMortyClient(baseURL: server.baseURL, transport: transport), server: server)
        }
        guard let url = URL(string: setting), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw ValidationError("--api must be an http(s) URL or 'fixtures', not '\(setting)'")
        }
        return APIConnection(client: HTTPRickAndMortyClient(baseURL: url, transport: transport), server: nil)
    }

    /// Stops the in-process server, if any.
    func close() async {
        await server?.stop()
    }

    /// Runs `body` with a connection and closes it afterwards, whatever happens.
    static func with<T>(_ options: GlobalOptions, _ body: (HTTPRickAndMortyClient) async throws -> T) async throws -> T {
        let connection = try await open(options)
        do {
            let result = try await body(connection.client)
            await connection.close()
            return result
        } catch {
            await connection.close()
            throw error
        }
    }
}
