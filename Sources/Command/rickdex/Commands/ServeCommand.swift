import APIServer
import ArgumentParser
import FoundationEssentials
import Logging
import RickAndMortyAPI
import SystemPackage
import LoupeToolbox

import Glibc

/// `rickdex serve [--data DIR] [--host H] [--port N] [faults] [limits]`: the Rick and Morty API
/// over a dataset folder. `--api fixtures` runs it as a child (`FixturesServer`).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a dataset folder with the real API's routes and semantics.",
        discussion: """
            Prints the API root URL on the first line of standard output once it is listening, then \
            serves until interrupted. Faults are drawn per request from --seed, so runs repeat.

            Exit codes: 0 stopped, 1 usage error or unusable dataset, 2 cannot listen on the address.
            """ + Examples.help("serve")
    )

    @Option(
        help: ArgumentHelp(
            "The dataset folder (characters.json, episodes.json, locations.json, avatars/).",
            discussion: """
                Default: the bundled dataset, generated in the API's shape (made-up names and painted \
                avatars): RICKDEX_FIXTURES, else share/rickdex/fixtures beside the installed bin/, else \
                Fixtures/ in the repository.
                """))
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
            "Answer every request in one hostile way: \(Misbehavior.allCases.map(\.rawValue).joined(separator: ", ")).",
            discussion: """
                trickle: the real answer at one byte per second. redirect-loop: 302 back to the same URL. \
                oversize: Content-Length 1 GiB. endless: chunks with no end. silent: never answers.
                """,
            valueName: "mode"))
    var misbehave: Misbehavior?

    @Flag(help: "Misbehave on avatar images only; the JSON answers stay sound.")
    var avatarsOnly = false

    @Option(help: "Seed for the fault draws.")
    var seed: UInt64 = 1

    @Option(
        name: .customLong("public-url"),
        help: ArgumentHelp(
            "The API root to write into answers' URLs, e.g. https://api.example.com/api.",
            discussion: """
                Without it, URLs follow the request: a proxy's Forwarded or X-Forwarded-Host and \
                X-Forwarded-Proto headers, else Host, else the address listened on.
                """,
            valueName: "url"),
        transform: { text in
            guard let root = APIRoot(text) else { throw ValidationError("a public URL is an http(s) URL") }
            return root
        })
    var publicRoot: APIRoot?

    @Option(
        help: ArgumentHelp(
            "origin (default) or cdn: the caching headers of the real service's own code, or of a CDN.",
            discussion: """
                origin: avatars Cache-Control: public, max-age=0 with a weak ETag, Last-Modified and \
                Accept-Ranges (Express's static defaults); JSON with a weak ETag and no Cache-Control. \
                cdn: JSON public, max-age=3600; avatars public, max-age=2592000.
                """,
            valueName: "style"))
    var headers: HeaderStyle = .origin

    @Option(help: ArgumentHelp("Cache-Control sent with JSON answers, in place of the style's.", valueName: "value"))
    var jsonCacheControl: String?

    @Option(help: ArgumentHelp("Cache-Control sent with avatars, in place of the style's.", valueName: "value"))
    var avatarCacheControl: String?

    @Option(
        help: ArgumentHelp(
            "Close a connection idle this many seconds between requests (nginx's keepalive_timeout).",
            valueName: "seconds"))
    var idleTimeout = ConnectionLimits.standard.idleTimeout.seconds

    @Option(
        help: ArgumentHelp(
            "Close a connection whose request header takes longer than this many seconds to arrive (nginx's client_header_timeout).",
            valueName: "seconds"))
    var headerTimeout = ConnectionLimits.standard.headerTimeout.seconds

    @Option(
        help: ArgumentHelp(
            "Connections one client address may hold at once; more are closed as they open (nginx's limit_conn).",
            discussion: "Every client on this machine shares one address, 127.0.0.1, and so does a proxy in front.",
            valueName: "count"))
    var connectionsPerClient = ConnectionLimits.standard.connectionsPerClient

    @Flag(name: [.short, .long], help: "Log every request to stderr: method, target, status, bytes, time.")
    var verbose = false

    @Flag(help: .private)
    var untilStdinCloses = false

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
        // A day at most: past it, a timeout guards nothing, and the nanoseconds must fit.
        for (name, seconds) in [("--idle-timeout", idleTimeout), ("--header-timeout", headerTimeout)]
        where !(seconds > 0 && seconds <= 86_400) {
            throw ValidationError("\(name) must be more than 0 seconds and at most 86400")
        }
        guard connectionsPerClient >= 1 else { throw ValidationError("--connections-per-client must be 1 or more") }
        for (name, value) in [("--json-cache-control", jsonCacheControl), ("--avatar-cache-control", avatarCacheControl)]
        where value?.contains(where: { $0.isNewline || ($0.asciiValue ?? 32) < 32 }) == true {
            throw ValidationError("\(name) must be one line of header text")
        }
    }

    func run() async throws {
        if untilStdinCloses { Self.exitWhenStandardInputCloses() }
        var logger = Logger.disabled
        if verbose {
            logger = Logger(label: "rickdex") { StreamLogHandler.standardError(label: $0) }
            logger.logLevel = .debug
        }
        let configured = ProcessInfo.processInfo.environment["RICKDEX_FIXTURES"]
        let folder = try data.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? BundledDataset.locate(configured: configured)
        let dataset = try Dataset.load(from: folder)
        let faults = FaultPlan(
            latency: .milliseconds(latency), failRate: failRate, throttleRate: throttleRate,
            truncateRate: truncateRate, dropRate: dropRate, seed: seed, misbehavior: misbehave,
            misbehavesOnAvatarsOnly: avatarsOnly)
        let server = try await ServerStartFailure.wrapping(host: host, port: port) {
            try await APIServer.start(
                dataset: dataset,
                configuration: APIServerConfiguration(
                    host: host, port: port, faults: faults, publicRoot: publicRoot, headers: headers, jsonCacheControl: jsonCacheControl,
                    avatarCacheControl: avatarCacheControl,
                    connections: ConnectionLimits(
                        idleTimeout: .seconds(idleTimeout), headerTimeout: .seconds(headerTimeout),
                        connectionsPerClient: connectionsPerClient)),
                logger: logger)
        }
        // What it serves, on stderr before the API root on stdout: a parent that reads the root
        // and later goes away has already been told. A closed stderr is no reason to stop.
        var banner = ""
        if let misbehave {
            banner += "Misbehaving on purpose\(avatarsOnly ? " on avatars" : ""): \(misbehave.rawValue)\n"
        }
        let everywhere = host == "0.0.0.0" || host == "::" ? " (listening on every address: use this machine's name from elsewhere)" : ""
        banner += "Serving \(Plural.count(dataset.characters.count, "character")) from \(folder.path) at \(server.root)\(everywhere) (Ctrl-C stops)\n"
        _ = try? FileDescriptor.standardError.writeAll(banner.utf8)
        print(server.root)
        fflush(nil)
        try await server.wait()
    }

    /// A parent that runs this server (`rickdex --api fixtures`) holds its standard input open;
    /// when the parent ends, however it ends, the input closes and the server goes with it.
    private static func exitWhenStandardInputCloses() {
        BackgroundThread.start(name: "stdin watch") {
            var buffer = [UInt8](repeating: 0, count: 512)
            while true {
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                if count > 0 || (count < 0 && errno == EINTR) { continue }
                // The C library's `exit`, which ArgumentParser's `exit(withError:)` hides.
                Glibc.exit(0)
            }
        }
    }
}

extension Misbehavior: ExpressibleByArgument {}
extension HeaderStyle: ExpressibleByArgument {}
