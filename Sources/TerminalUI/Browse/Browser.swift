import AvatarCache
import BlockArt
import Dispatch
import FoundationEssentials
import Imaging
import Logging
import RickAndMortyAPI
import Toolbox

/// The live full-screen search (`rickdex browse`): raw keys in, screens out, with searches,
/// pages, details and avatars fetched by tasks that belong to the screen that asked for them.
///
/// Runs on the terminal on standard input and output, which it puts in raw mode on the
/// alternate screen and always gives back (on return, on a thrown error, and on
/// SIGINT/SIGTERM/SIGHUP).
public struct Browser: Sendable {
    public let client: any RickAndMortyClient
    public let images: ImagePipeline
    /// The terminal's capabilities; colour is taken as on (browse only runs on a terminal).
    public let capabilities: TerminalCapabilities
    /// Clicks select and open, the wheel scrolls (SGR mouse reporting, mode 1006).
    public var mouse = true
    /// What `r` asks: the API with conditional requests even for fresh answers. `nil` offline,
    /// where there is nothing to refresh against.
    public var refresher: (any RickAndMortyClient)?
    /// Inside tmux (`$TMUX`), where `y` goes through tmux's own buffer (see `ClipboardShare`).
    public var tmux = false
    /// Where browse says why an avatar shows as a placeholder (debug level). It must not write to
    /// the terminal browse draws on: `rickdex browse -v 2>browse.log` gives it a file.
    public var logger: Logger = .disabled

    public init(client: any RickAndMortyClient, images: ImagePipeline, capabilities: TerminalCapabilities) {
        self.client = client
        self.images = images
        self.capabilities = capabilities
    }

    /// Whether standard input and output are both a terminal, which `run()` needs.
    public static var canRun: Bool {
        TerminalDevice.standardInput.isTerminal && TerminalDevice.standardOutput.isTerminal
    }

    /// Runs until the user quits or input ends.
    ///
    /// - Throws: `SystemError` when standard input is not a terminal.
    public func run() async throws {
        let terminal = try RawTerminal.enter(mouse: mouse)
        defer { terminal.restore() }
        await loop()
    }

    private func loop() async {
        let client = client
        let images = images
        let style = Style(enabled: capabilities.colorMode != .none)
        let art = AvatarArt(capabilities: capabilities)
        /// A character's avatar as `variant`, or `nil` when it cannot be had or the screen moved on.
        let logger = logger
        let tmux = tmux
        @Sendable func avatar(_ character: RMCharacter, _ variant: AvatarVariant) async -> Bitmap? {
            let circle = art.circle(variant, status: character.status)
            do {
                let bitmap = try await images.thumbnail(for: character.imageURL, circle: circle).bitmap
                return Task.isCancelled ? nil : bitmap
            } catch {
                if !Task.isCancelled {
                    logger.debug(
                        "avatar shown as a placeholder",
                        metadata: ["character": "\(character.id)", "url": "\(character.imageURL)", "reason": "\(error)"])
                }
                return nil
            }
        }
        let (events, sink) = AsyncStream.makeStream(of: BrowseEvent.self)

        let session = SearchSession { (query: BrowseQuery) in try await client.characters(query.characterQuery()) }
        let forwarding = Task {
            for await state in session.states { sink.yield(.search(state)) }
        }
        defer {
            session.finish()
            forwarding.cancel()
        }
        Self.readKeys(into: sink)
        ProcessSignal.windowChange.ignoreDefault()
        let resize = DispatchSource.makeSignalSource(signal: ProcessSignal.windowChange.number, queue: .global())
        resize.setEventHandler { sink.yield(.resize) }
        resize.resume()
        defer { resize.cancel() }

        var state = BrowseState()
        var painter = ScreenPainter()
        // Fetches belong to the screen that asked for them; none outlives browse.
        let work = ScreenTasks()
        defer { work.cancelAll() }
        // Real pixels on kitty, whose images can be placed and deleted by id; elsewhere cells.
        let pixels = capabilities.graphics == .kitty
        var onScreen = KittyImages(cellSize: capabilities.cellPixels, multiplexed: capabilities.multiplexed)
        defer { if pixels { RawTerminal.write(onScreen.clear()) } }
        func currentView() -> BrowseView {
            let size = TerminalCapabilities.currentSize() ?? (80, 24)
            var view = BrowseView(width: size.columns, height: size.rows, style: style, renderer: art.renderer)
            view.pixels = pixels
            return view
        }
        var clicks = DoubleClick()
        func draw() {
            let view = currentView()
            state.gridColumns = view.gridColumns
            RawTerminal.write(painter.frame(view.render(state)))
            if pixels, let placed = try? onScreen.update(view.placements(state)) { RawTerminal.write(placed) }
        }
        // Opens on everyone: page 1 of all characters under the status filter.
        // Opens on everyone at once: the first page is fetched here rather than after the
        // session's typing pause. Its answer goes the session's way, as a search state.
        for case .search(let name, let status) in state.start() {
            let query = BrowseQuery(name: name, status: status).normalized
            work.start(.page) {
                do {
                    let page = try await client.characters(query.characterQuery())
                    sink.yield(.opening(page.items.isEmpty ? .empty(query: query) : .loaded(query: query, page: page)))
                } catch {
                    if !Task.isCancelled { sink.yield(.opening(.failed(query: query, message: "\(error)"))) }
                }
            }
        }
        draw()
        for await event in events {
            var effects: [BrowseState.Effect] = []
            switch event {
            case .keys(let keys):
                for key in keys {
                    guard case .mouse(let event) = key else {
                        effects += state.apply(key: key)
                        continue
                    }
                    switch event.action {
                    case .press(button: 0):
                        let index = currentView().item(atRow: event.row, column: event.column, state)
                        let double = index.map { clicks.click($0, at: .now) } ?? false
                        effects += state.apply(click: index, double: double)
                    case .wheelDown: effects += state.apply(wheel: 1)
                    case .wheelUp: effects += state.apply(wheel: -1)
                    case .press, .release: break
                    }
                }
            case .search(let search):
                effects = state.apply(search: search)
            case .opening(let search):
                effects = state.apply(opening: search)
            case .page(let page, let generation):
                effects = state.apply(page: page, generation: generation)
            case .pageFailed(let message, let generation):
                state.apply(pageFailed: message, generation: generation)
            case .avatar(let id, let bitmap):
                state.avatars[id] = bitmap
            case .refreshed(let page, let avatars, let unchanged, let generation):
                state.apply(refreshed: page, avatars: avatars, unchanged: unchanged, generation: generation)
            case .notice(let message):
                state.notice = message
            case .avatarMissing(let id):
                state.missingAvatars.insert(id)
            case .largeAvatar(let id, let bitmap):
                state.largeAvatars[id] = bitmap
            case .detail(let character, let episodes):
                state.apply(detail: character, episodes: episodes)
            case .people(let people, let title):
                state.apply(people: people, title: title)
            case .resize:
                painter.invalidate()
                onScreen.screenCleared()
            case .endOfInput:
                effects = [.quit]
            }
            for effect in effects {
                switch effect {
                case .quit:
                    return
                case .share(let character):
                    let text = ClipboardShare.text(for: character)
                    guard tmux else {
                        RawTerminal.write(ClipboardShare.sequence(text, multiplexed: capabilities.multiplexed))
                        state.notice = ClipboardShare.osc52Notice(text)
                        continue
                    }
                    work.start(.share) {
                        if let notice = ClipboardShare.copyWithTmux(text) {
                            sink.yield(.notice(notice))
                        } else {
                            RawTerminal.write(ClipboardShare.sequence(text, multiplexed: true))
                            sink.yield(.notice(ClipboardShare.osc52Notice(text)))
                        }
                    }
                case .search(let name, let status):
                    session.update(query: BrowseQuery(name: name, status: status))
                case .fetchPage(let name, let status, let number, let generation):
                    work.replace(.page)
                    work.start(.page) {
                        do {
                            let query = BrowseQuery(name: name, status: status).normalized
                            let page = try await client.characters(query.characterQuery(page: number))
                            if !Task.isCancelled { sink.yield(.page(page, generation: generation)) }
                        } catch {
                            if !Task.isCancelled { sink.yield(.pageFailed("\(error)", generation: generation)) }
                        }
                    }
                case .fetchDetail(let character):
                    work.replace(.detail)
                    work.start(.detail) {
                        let episodes = (try? await client.episodes(ids: character.episodeIDs)) ?? []
                        if !Task.isCancelled { sink.yield(.detail(character, episodes)) }
                    }
                    work.start(.detail) {
                        let variant = AvatarVariant.detail.sized(.columns(BrowseView.detailAvatar))
                        let large =
                            await avatar(character, variant)
                            ?? AvatarPlaceholder.bitmap(for: character, size: variant.pixels(perColumn: art.pixelsPerColumn))
                        if !Task.isCancelled { sink.yield(.largeAvatar(id: character.id, large)) }
                    }
                case .refresh(let page, let name, let status, let generation):
                    guard let refresher else {
                        state.notice = "offline: nothing to refresh against (run without --offline)"
                        continue
                    }
                    let variant = BrowseView.avatarVariant(grid: state.grid)
                    work.replace(.page)
                    work.start(.page) {
                        do {
                            let query = BrowseQuery(name: name, status: status).normalized
                            let fresh = try await refresher.characters(query.characterQuery(page: page.number))
                            // Each avatar asked about again, a few at a time (the fetcher's limit per host).
                            let answers = await withTaskGroup(of: (Int, Bitmap?).self) { group in
                                for character in fresh.items {
                                    group.addTask {
                                        let circle = art.circle(variant, status: character.status)
                                        let refreshed = try? await images.refreshThumbnail(
                                            for: character.imageURL, circle: circle)
                                        return (character.id, refreshed?.changed == true ? refreshed?.thumbnail.bitmap : nil)
                                    }
                                }
                                return await group.reduce(into: [(Int, Bitmap?)]()) { $0.append($1) }
                            }
                            let changed = Dictionary(
                                answers.compactMap { id, bitmap in bitmap.map { (id, $0) } }, uniquingKeysWith: { $1 })
                            guard !Task.isCancelled else { return }
                            sink.yield(
                                .refreshed(
                                    fresh, avatars: changed, unchanged: answers.count - changed.count, generation: generation))
                        } catch {
                            if !Task.isCancelled { sink.yield(.notice("refresh failed: \(error)")) }
                        }
                    }
                case .fetchPeople(let title, let ids):
                    work.replace(.people)
                    work.start(.people) {
                        let people = (try? await client.characters(ids: ids)) ?? []
                        if !Task.isCancelled { sink.yield(.people(people, title: title)) }
                    }
                case .fetchResidents(let title, let locationID):
                    work.replace(.people)
                    work.start(.people) {
                        let ids = (try? await client.location(id: locationID))?.residentIDs ?? []
                        let people = ids.isEmpty ? [] : (try? await client.characters(ids: ids)) ?? []
                        if !Task.isCancelled { sink.yield(.people(people, title: title)) }
                    }
                case .fetchAvatars(let characters):
                    work.replace(.avatars)
                    let variant = BrowseView.avatarVariant(grid: state.grid)
                    for character in characters {
                        work.start(.avatars) {
                            if let small = await avatar(character, variant) {
                                sink.yield(.avatar(id: character.id, small))
                            } else if !Task.isCancelled {
                                sink.yield(.avatarMissing(id: character.id))
                            }
                        }
                    }
                }
            }
            draw()
        }
    }

    /// Reads standard input on a thread of its own (a blocking read would hold a cooperative
    /// thread), decoding keys as they come; after a lone ESC or half a sequence it waits at most
    /// the escape timeout for the rest.
    private static func readKeys(into sink: AsyncStream<BrowseEvent>.Continuation) {
        BackgroundThread.start(name: "rickdex.keys") {
            let input = TerminalDevice.standardInput
            var decoder = KeyDecoder()
            var buffer = [UInt8](repeating: 0, count: 256)
            while true {
                if decoder.isWaiting, !input.waitForInput(timeout: KeyDecoder.escapeTimeout) {
                    let keys = decoder.timeout()
                    if !keys.isEmpty { sink.yield(.keys(keys)) }
                    continue
                }
                let count = (try? input.read(into: &buffer)) ?? 0
                guard count > 0 else {
                    sink.yield(.endOfInput)
                    return
                }
                let keys = decoder.keys(in: buffer.prefix(count))
                if !keys.isEmpty { sink.yield(.keys(keys)) }
            }
        }
    }
}
