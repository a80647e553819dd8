import APIServer
import ArgumentParser
import Foundation
import Logging
import RickAndMortyAPI

/// `rickdex serve [--data DIR] [--host H] [--port N] [faults]`
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a dataset folder with the real API's routes and semantics.",
        discussion: """
            Prints the API root URL on the first line of standard output once it is listening, then
            serves until interrupted. Faults are drawn per request from --seed, so runs repeat.
            """
    )

    @Option(
        help: "The dataset folder (characters.json, episodes.json, locations.json, avatars/). Default: the bundled Fixtures/.")
    var data: String?

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port; 0 takes a free one.")
    var port = 8917

    @Option(help: "Delay every answer by this many milliseconds.")
    var latency = 0

    @Option(help: "Share of requests (0...1) answered 500 with an HTML page.")
    var failRate = 0.0

    @Option(help: "Share of requests (0...1) answered 429 with Retry-After.")
    var throttleRate = 0.0

    @Option(help: "Share of responses (0...1) cut short with a matching Content-Length (HTTP sees them whole).")
    var truncateRate = 0.0

    @Option(help: "Share of responses (0...1) whose connection drops mid-body.")
    var dropRate = 0.0

    @Option(
        help: ArgumentHelp(
            "Answer every request in one hostile way: \(Misbehaviour.allCases.map(\.rawValue).joined(separator: ", ")).",
            discussion: """
                trickle: the real answer at one byte per second. redirect-loop: 302 back to the same URL. \
                oversize: Content-Length 1 GiB. endless: chunks with no end. silent: never answers.
                """,
            valueName: "mode"))
    var misbehave: Misbehaviour?

    @Flag(help: "Misbehave on avatar images only; the JSON answers stay sound.")
    var avatarsOnly = false

    @Option(help: "Seed for the fault draws.")
    var seed: UInt64 = 1

    @Option(
        help: ArgumentHelp(
            "The API root to write into answers' URLs, e.g. https://api.example.com/api.",
            discussion: """
                Without it, URLs follow the request: a proxy's Forwarded or X-Forwarded-Host and \
                X-Forwarded-Proto headers, else Host, else the address listened on.
                """,
            valueName: "url"))
    var publicURL: String?

    @Option(help: ArgumentHelp("Cache-Control sent with JSON answers.", valueName: "value"))
    var jsonCacheControl = APIServerConfiguration.defaultJSONCacheControl

    @Option(help: ArgumentHelp("Cache-Control sent with avatars.", valueName: "value"))
    var avatarCacheControl = APIServerConfiguration.defaultAvatarCacheControl

    @Flag(name: [.short, .long], help: "Log every request to stderr: method, target, status, bytes, time.")
    var verbose = false

    func validate() throws {
        let rates = [
            ("--fail-rate", failRate), ("--throttle-rate", throttleRate), ("--truncate-rate", truncateRate),
            ("--drop-rate", dropRate),
        ]
        for (name, rate) in rates where !(0...1).contains(rate) {
            throw ValidationError("\(name) must be between 0 and 1")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0...65535") }
        guard latency >= 0 else { throw ValidationError("--latency must be 0 or more") }
        if let publicURL {
            guard let url = URL(string: publicURL), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw ValidationError("--public-url must be an http(s) URL, not '\(publicURL)'")
            }
        }
        for (name, value) in [("--json-cache-control", jsonCacheControl), ("--avatar-cache-control", avatarCacheControl)]
        where value.contains(where: { $0.isNewline || ($0.asciiValue ?? 32) < 32 }) {
            throw ValidationError("\(name) must be one line of header text")
        }
    }

    func run() async throws {
        let folder = try data.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? FixturesLocator.locate()
        let dataset = try Dataset.load(from: folder)
        let faults = FaultPlan(
            latency: .milliseconds(latency), failRate: failRate, throttleRate: throttleRate,
            truncateRate: truncateRate, dropRate: dropRate, seed: seed, misbehaviour: misbehave,
            misbehavesOnAvatarsOnly: avatarsOnly)
        let server = try await ServerStartFailure.wrapping(host: host, port: port) {
            try await APIServer.start(
                dataset: dataset,
                configuration: APIServerConfiguration(
                    host: host, port: port, faults: faults, publicURL: publicURL, jsonCacheControl: jsonCacheControl,
                    avatarCacheControl: avatarCacheControl),
                logger: .forCommandLine(verbose: verbose))
        }
        print(server.baseURL.absoluteString)
        if let misbehave {
            let scope = avatarsOnly ? " on avatars" : ""
            FileHandle.standardError.write(Data("Misbehaving on purpose\(scope): \(misbehave.rawValue)\n".utf8))
        }
        fflush(nil)
        FileHandle.standardError.write(
            Data(
                "Serving \(dataset.characters.count) characters from \(folder.path) at \(server.baseURL) (Ctrl-C stops)\n".utf8))
        try await server.wait()
    }
}

extension Misbehaviour: ExpressibleByArgument {}
