import ArgumentParser
import FoundationEssentials
import LoupeHTTP
import LoupeImaging
import LoupePipeline
import Logging
import RickAndMortyAPI
import LoupeToolbox
import UseCases

/// What a command talks to: the API client and the image pipeline, both through the cache, and
/// the bundled dataset's server (a `rickdex serve` child) behind them when `--api fixtures`.
struct APIAccess: Sendable {
    /// The API `--api` names.
    let setting: APISetting
    let client: any RickAndMortyClient
    /// The client again, asking the server even about fresh answers (browse's refresh); `nil`
    /// offline.
    var refreshingClient: (any RickAndMortyClient)? {
        guard let folding = client as? FoldingClient, var client = folding.base as? HTTPRickAndMortyClient else { return nil }
        client.revalidatesFreshAnswers = true
        return folding.over(client)
    }
    /// The index of the API's names (the bundled dataset's for `fixtures`, else the one the cache
    /// keeps), read once: empty when no listing is known whole.
    var names: NameIndex { (client as? FoldingClient)?.names ?? NameIndex() }
    let images: ImagePipeline
    /// The pipeline's memory cache, which counts its own hits and misses (`-v`).
    let memory: MemoryCache<ImageCacheKey, Bitmap>
    /// Counts what API answers came from where.
    let responses: DiskResponseCache
    private let server: FixturesServer?
    private let verbose: Bool

    /// The API's `host:port`, which a batch stops for when it goes (`BatchStop`); `nil` offline.
    let apiHost: String?
    /// The cache folder, where the API's answers and the images are kept.
    var disk: DiskCache { responses.disk }

    /// The root `--json` writes URLs under: the `--api` root, online and offline alike, and for
    /// `fixtures` the real service's (as the dataset writes them), since the bundled server's port
    /// closes with the command.
    let jsonRoot: APIRoot
    /// What each host spoke, for `-v`; `nil` offline.
    private var connections: ConnectionLog? = nil
    /// The requests in flight (a slow one is shown as it waits); `nil` offline.
    private(set) var activity: RequestActivity? = nil
    /// `waiting for HOST · 4 s` on stderr while a request waits, on a terminal.
    private var waiting: WaitingLine? = nil

    /// Prints `value` as `--json`: the API's shape, its URLs under `jsonRoot`, so the same
    /// command gives the same bytes online and offline, and `fixtures` names no closed port.
    func printJSON<T: Encodable>(_ value: T) throws {
        StandardStreams.output(try json(value))
    }

    /// What `printJSON` prints.
    func json<T: Encodable>(_ value: T) throws -> [UInt8] {
        try JSONOutput.encoded(value, root: jsonRoot)
    }

    /// Connects as `options` say. `fixtures` starts the bundled dataset's server (`rickdex serve`)
    /// on a free port; `--offline` starts nothing and reads only the cache. `--timeout` bounds
    /// the whole command from now, or each request (`eachRequest`, browse's searches).
    static func open(_ options: GlobalOptions, eachRequest: Bool = false) async throws -> APIAccess {
        let logger = Logger.forCommandLine(verbose: options.verbose)
        let disk = try options.cache.open()
        let memory = MemoryCache<ImageCacheKey, Bitmap>(limits: .thumbnails)
        let setting = options.api
        if options.offline {
            // Answers read back under the --api root, as they were online (the real service's
            // for fixtures, whose port is gone).
            let identity = setting.identity()
            let responses = DiskResponseCache(disk: disk, identity: identity)
            return APIAccess(
                setting: setting,
                client: FoldingClient(OfflineRickAndMortyClient(cache: responses, root: identity.root)) {
                    names(setting, responses)
                },
                images: .keyed(by: identity, dataLoader: nil, dataCache: disk, imageCache: memory), memory: memory,
                responses: responses,
                server: nil, verbose: options.verbose, apiHost: nil, jsonRoot: identity.root)
        }
        var server: FixturesServer?
        let root: APIRoot
        switch setting {
        case .fixtures:
            // It waits for the child's first line: on a thread of its own, not the pool's.
            let started = try await Blocking.run("fixtures.start") { try FixturesServer() }
            logger.debug("serving the bundled dataset", metadata: ["url": "\(started.root)"])
            server = started
            root = started.root
        case .url(let given, _):
            root = given
        }
        let identity = setting.identity(at: root)
        var configuration = options.transport(eachRequest: eachRequest)
        configuration.login = options.login(at: root)
        // Redirects lead where images may come from: the API's host and --image-host's.
        let imageHosts = ImageHosts(api: root, also: options.imageHosts)
        configuration.redirectHosts = imageHosts.hosts
        let transport = HTTPTransport(configuration: configuration, logger: logger)
        let responses = DiskResponseCache(disk: disk, identity: identity)
        return APIAccess(
            setting: setting,
            client: FoldingClient(HTTPRickAndMortyClient(root: root, transport: transport, cache: responses, logger: logger)) {
                names(setting, responses)
            },
            images: .keyed(
                by: identity, dataLoader: ImageFetcher(transport: transport), dataCache: disk, imageCache: memory,
                acceptsStale: options.cache.avatarsAcceptedStale,
                // A warm or an export keeps an HTTP/2 connection full; the transport holds
                // HTTP/1.1 to the host's connections below it.
                dataLoadingLimit: Workload.transfers.width, imageHosts: options.imageHosts),
            memory: memory, responses: responses, server: server, verbose: options.verbose,
            apiHost: imageHosts.api,
            jsonRoot: server == nil ? root : .realService, connections: transport.connections,
            activity: transport.activity, waiting: eachRequest ? nil : WaitingLine(activity: transport.activity))
    }

    /// Every character, their URLs under the API's root, when the names index says the whole
    /// listing is known (the bundled dataset, or a cache holding every page); `nil` otherwise.
    /// Browse and `browse --filter` find as fzf does over them (`FuzzyClient`).
    func everyCharacter() -> [RMCharacter]? {
        guard names[.character] != nil else { return nil }
        let root = responses.identity.root
        if setting == .fixtures {
            guard
                let folder = try? BundledDataset.locate(configured: ProcessInfo.processInfo.environment["RICKDEX_FIXTURES"]),
                let dataset = try? Dataset.load(from: folder)
            else { return nil }
            return dataset.characters.compactMap { try? $0.model(at: APIRoot.realService.description, under: root) }
        }
        let characters = OfflineRickAndMortyClient(cache: responses, root: root).cachedItems(RMCharacter.self)
        return characters.isEmpty ? nil : characters
    }

    /// Filters that match no character end a batch before it starts (`export`, `warm`): not found
    /// (exit 3), with the nearest known names, and nothing written.
    func requireMatches(_ query: CharacterQuery) async throws {
        guard try await client.characters(query.at(page: 1)).count == 0 else { return }
        let described = query.filterItems.map { "\($0.name)=\(UntrustedText.stripped($0.value ?? ""))" }.joined(separator: " · ")
        let known = known([.character])
        var hints = NoMatchHints(query: query, known: known.characters, complete: known.hasEveryCharacter).lines
        // `export 512` means an id: a name filter takes none.
        if let name = query.filters[.name], name.allSatisfy({ $0.isNumber || $0 == "," || $0 == "-" || $0 == " " }) {
            hints = ["a name is matched as text: for ids, give --ids \(name.replacing(" ", with: ","))"]
        }
        throw NotFound(
            what: "characters (\(described))",
            hint: (hints.map { "hint: " + $0 } + ["Nothing was written."]).joined(separator: "\n"))
    }

    /// The names index of the API `setting` names: the bundled dataset's for `fixtures`, else the
    /// one `responses` keeps.
    static func names(_ setting: APISetting, _ responses: DiskResponseCache) -> NameIndex {
        setting == .fixtures ? NameIndex(encoded: NameIndex.bundledEncoding(in: responses.disk)) ?? NameIndex() : .cached(in: responses)
    }

    /// What is known of the API without a request, for hints: the bundled dataset for
    /// `fixtures`, else what this cache holds.
    func known(_ kinds: Set<ResourceKind>) -> KnownEntries {
        setting == .fixtures ? .bundled(kinds) : .cached(in: responses, kinds)
    }

    /// Stops the bundled dataset's server, if any, and reports what the cache could not keep: once,
    /// with how many items it touched (a batch's own failure lines leave the cache's out).
    func close() async {
        waiting?.stop()
        if let server { await Blocking.run("fixtures.stop") { server.stop() } }
        let statistics = await images.statistics
        let answers = responses.statistics
        if let room = disk.roomFound {
            // What a full disk costs, once: the writes it refused are part of it.
            let full = CacheOutOfRoom(room: room)
            StandardStreams.error("rickdex: \(full)\n" + (full.hint.map { $0 + "\n" } ?? ""))
        } else if let failure = answers.storeFailure ?? statistics.storeFailure as? DiskCacheError {
            let count = answers.unstored + statistics.unstored
            StandardStreams.error(
                "rickdex: \(failure): \(count) item\(count == 1 ? "" : "s") could not be cached\n"
                    + (failure.hint.map { $0 + "\n" } ?? ""))
        }
        if verbose {
            let count = Plural.count
            let line =
                "cache: memory \(count(memory.statistics.hits, "hit")) / \(count(memory.statistics.misses, "miss")) · "
                + "images on disk \(count(statistics.processedHits + statistics.originalHits, "hit")) / "
                + "\(count(statistics.dataMisses, "miss")), \(statistics.stored) written · "
                + "answers on disk \(answers.read) read, \(answers.stored + answers.renewed) written · "
                + "\(count(statistics.downloads, "image download")) (\(ByteSize.format(statistics.bytesDownloaded))), "
                + "\(statistics.revalidated) revalidated, \(statistics.coalesced) coalesced · "
                + "\(count(statistics.processed, "thumbnail")) made"
            StandardStreams.error(line + "\n")
            for host in connections?.summary ?? [] {
                let requests = host.requests.sorted { $0.key < $1.key }.map { "\($0.value) over \($0.key)" }
                let opened = "\(host.connections) connection\(host.connections == 1 ? "" : "s")"
                StandardStreams.error("http: \(host.name): \(requests.joined(separator: ", ")), \(opened) opened\n")
            }
        }
    }

    /// Runs `body` with the API opened as `options` say, and closes it afterwards, whatever happens.
    static func with<T>(
        _ options: GlobalOptions, eachRequest: Bool = false, _ body: (APIAccess) async throws -> T
    ) async throws -> T {
        let api = try await open(options, eachRequest: eachRequest)
        do {
            let result = try await body(api)
            await api.close()
            return result
        } catch {
            await api.close()
            throw OfflineMiss.wrapping(error, options: options)
        }
    }
}
