import ArgumentParser
import FoundationEssentials
import LoupeHTTP
import RickAndMortyAPI
import LoupeToolbox

import Glibc

/// Options every command that talks to the API takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .customLong("api"),
        help: ArgumentHelp(
            "The API root URL, or 'fixtures' for the bundled (generated) dataset served on a loopback port.",
            discussion: "Default: $RICKDEX_API, else \(APIRoot.realService).",
            valueName: "url"), transform: APISetting.parse)
    var apiOption: APISetting?

    @Option(name: .long, help: "When to use color: auto (a terminal without NO_COLOR), always or never.")
    var color: ColorChoice = .auto

    @Flag(
        help: ArgumentHelp(
            "Never use the network: answer from the cache alone.",
            discussion: "Fill the cache first with `rickdex warm --all`; a miss says what to warm."))
    var offline = false

    @Option(help: "Retries of a request after a 5xx, a 429 or a dropped connection (with backoff).")
    var retries = 3

    @Option(
        help: ArgumentHelp(
            "Seconds the command may wait for the network in all, retries included (browse: each search).",
            discussion: "Default: each request 30 s in all, each attempt at most 20 s.",
            valueName: "seconds"))
    var timeout: Double?

    @Flag(
        name: [.short, .long],
        help: "Log each request and retry to stderr, and at the end the cache's counters and each host's protocol.")
    var verbose = false

    @Option(
        help: ArgumentHelp(
            "Trust the CA certificates in this PEM file instead of the system's (as curl --cacert).",
            discussion: "Default: $RICKDEX_CACERT, else the system's store. For a team proxy with an internal CA.",
            valueName: "file"))
    var cacert: String?

    @Flag(
        help: ArgumentHelp(
            "Read the API host's user and password from ~/.netrc (as curl --netrc).",
            discussion: "Sent to the API's host alone; a user:password@ in --api comes first."))
    var netrc = false

    @Option(
        name: .customLong("netrc-file"),
        help: ArgumentHelp("Read the API host's user and password from this netrc file (as curl --netrc-file).", valueName: "file"))
    var netrcFile: String?

    @Option(
        name: .customLong("image-host"),
        help: ArgumentHelp(
            "Also load avatars from this host (name, or name:port); repeat for more.",
            discussion: "By default avatars are loaded from the API's own host alone: an answer naming another is refused.",
            valueName: "host"))
    var imageHosts: [String] = []

    @OptionGroup var cache: CacheOptions

    func validate() throws {
        if let timeout, !(timeout > 0) { throw ValidationError("--timeout takes seconds above 0, e.g. 10 or 2.5") }
        if retries < 0 { throw ValidationError("--retries takes 0 or more") }
        if apiOption == nil, let variable = Self.apiVariable {
            do { _ = try APISetting.parse(variable) } catch {
                throw ValidationError("RICKDEX_API='\(APISetting.masked(variable))': \(error)")
            }
        }
        if let file = netrcSource, !FileSystem.isReadable(file) {
            throw ValidationError("the netrc file \(file) cannot be read")
        }
        if let file = trustedCertificates, !FileSystem.isReadable(file) {
            throw ValidationError("the CA file \(file) (--cacert or RICKDEX_CACERT) cannot be read")
        }
    }

    /// `--cacert`, then `RICKDEX_CACERT`.
    var trustedCertificates: String? {
        cacert ?? ProcessInfo.processInfo.environment["RICKDEX_CACERT"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `--netrc-file`, else `~/.netrc` with `--netrc`.
    var netrcSource: String? {
        netrcFile ?? (netrc ? (ProcessInfo.processInfo.environment["HOME"] ?? "") + "/.netrc" : nil)
    }

    /// Who the command is to the API's host at `root`: the credentials `--api` carried, else the
    /// netrc file's entry for it; `nil` when neither.
    func login(at root: APIRoot) -> HostLogin? {
        var credentials: Credentials?
        if case .url(_, let given) = api { credentials = given }
        guard credentials != nil || netrcSource != nil else { return nil }
        return HostLogin(
            host: HTTPTransport.hostName(root.url), credentials: credentials, netrcFile: credentials == nil ? netrcSource : nil)
    }

    /// The transport's limits, with `--retries`, `--cacert`, `--timeout` and `RICKDEX_LIBCURL`:
    /// from now, the whole command's deadline, or (`eachRequest`, for browse) each request's whole wait.
    func transport(eachRequest: Bool = false) -> TransportConfiguration {
        var configuration = TransportConfiguration(userAgent: "rickdex/\(Rickdex.version)")
        configuration.trustedCertificates = trustedCertificates
        configuration.libcurlPath = ProcessInfo.processInfo.environment["RICKDEX_LIBCURL"].flatMap { $0.isEmpty ? nil : $0 }
        configuration.retry.maxAttempts = max(1, retries + 1)
        guard let timeout else {
            configuration.totalTimeout = Self.defaultRequestWait
            return configuration
        }
        let wait = Duration.milliseconds(Int64(max(0.1, timeout) * 1000))
        configuration.requestTimeout = min(configuration.requestTimeout, wait)
        if eachRequest { configuration.totalTimeout = wait } else { configuration.deadline = .now + wait }
        return configuration
    }

    /// A request's whole wait, retries included, without `--timeout`.
    static let defaultRequestWait = Duration.seconds(30)

    /// `--api`, then `RICKDEX_API`, then the real service.
    var api: APISetting {
        apiOption ?? Self.apiVariable.flatMap { try? APISetting.parse($0) } ?? .url(.realService)
    }

    /// `RICKDEX_API`, when set. Read with `getenv`: every start reads it (`Secrets`), and
    /// `ProcessInfo`'s environment copies all of it into a dictionary first.
    static var apiVariable: String? {
        getenv("RICKDEX_API").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }
}
