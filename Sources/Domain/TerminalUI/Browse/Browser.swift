import BlockArt
import Dispatch
import FoundationEssentials
import LoupeHTTP
import LoupePipeline
import LoupeImaging
import Logging
import RickAndMortyAPI
import SystemPackage
import LoupeToolbox
import TerminalKit
import UseCases

/// The live full-screen search (`rickdex browse`): raw keys in, screens out, with searches, pages,
/// details and avatars fetched by tasks that belong to the screen that asked for them. Runs in raw
/// mode on the alternate screen, or inline below the cursor with `height` (fzf's `--height`), and
/// always gives the terminal back (on return, on a thrown error, and on SIGINT/SIGTERM/SIGHUP).
package struct Browser: Sendable {
    package let client: any RickAndMortyClient
    package let images: ImagePipeline
    /// The terminal's capabilities; color is taken as on (browse only runs on a terminal).
    package let capabilities: TerminalCapabilities
    /// Clicks select and open, the wheel scrolls (SGR mouse reporting, mode 1006).
    package var mouse = true
    /// What `r` asks: the API with conditional requests even for fresh answers; `nil` offline.
    package var refresher: (any RickAndMortyClient)?
    /// Inside tmux (`$TMUX`), where a copy goes through tmux's own buffer (`ClipboardShare`).
    package var tmux = false
    package var root = APIRoot.realService
    /// The capabilities once the terminal answers the probe sent as browse opened: the first
    /// screen is drawn from `capabilities`, and the avatars turn to pixels when the answers come.
    package var answered: (@Sendable (ProbeResult) async -> TerminalCapabilities)?
    package var query = ""
    /// Enter chooses a character and ends browse (`run()` returns it), as fzf does.
    package var picks = false
    /// fzf's `--multi`: Tab marks characters, Enter chooses every one marked.
    package var multi = false
    /// Keys, by fzf's names (`ctrl-x`, `f2`, `enter`…), that end browse as Enter does and are
    /// returned with the choice (fzf's `--expect`). Check names with `isKeyName`.
    package var expect: [String] = []
    /// The requests in flight: a wait of a second or more shows in the status line.
    package var activity: RequestActivity?
    /// The lines to draw in below the cursor (fzf's `--height`); `nil`: the alternate screen.
    package var height: BrowseHeight?
    /// fzf's `--min-height`.
    package var minHeight = BrowseHeight.defaultMinimum
    package var layout = BrowseLayout.reverse
    /// How long typing must pause before a search: the API's 300 ms; none when `client` holds
    /// every character (`FuzzyClient`), where a keystroke filters within a frame.
    package var debounce = Duration.milliseconds(300)
    /// `client` finds as fzf finds (`FuzzyClient`), with these options: matched letters show.
    package var fuzzy: (exact: Bool, caseMatching: FuzzyPattern.CaseMatching)?
    package var offline = false
    package var cursorWait = TerminalProbe.defaultTimeout
    /// Where browse says why an avatar shows as a placeholder (debug level): never the terminal
    /// browse draws on (`rickdex browse -v 2>browse.log`).
    package var logger: Logger = .disabled

    package init(client: any RickAndMortyClient, images: ImagePipeline, capabilities: TerminalCapabilities) {
        self.client = client
        self.images = images
        self.capabilities = capabilities
    }

    /// Whether `name` names a key as fzf's `--expect` does.
    package static func isKeyName(_ name: String) -> Bool { Key(named: name)?.name != nil }

    package enum Outcome: Sendable, Equatable {
        /// Enter, or a key of `expect` (`key`, by its name; `nil` for Enter), ended browse with
        /// these characters chosen: none when nothing matched. `query` is the search line.
        case accepted([RMCharacter], query: String, key: String?)
        /// Esc, Ctrl-C, Ctrl-G, Ctrl-Q, or the end of input.
        case aborted
    }

    /// Runs until the user quits or input ends, or (with `picks`) chooses. Throws `Errno` when
    /// standard input is not a terminal.
    package func run() async throws -> Outcome {
        let terminal = RawTerminal()
        defer { terminal.restore() }
        let lines = height?.lines(terminalRows: TerminalCapabilities.currentSize()?.rows ?? 24, minimum: minHeight)
        let (mouse, wait) = (mouse, cursorWait)
        // Inline, browse waits for the terminal to say where the cursor is: not on the pool.
        let entered = try await Blocking.run("terminal.enter") {
            try RawTerminal.enter(mouse: mouse, inline: lines, cursorWait: wait)
        }
        return await loop(entered)
    }

    /// The capabilities browse draws with in `area`: inline, cells, never pixels.
    private static func drawable(_ capabilities: TerminalCapabilities, in area: InlineArea?) -> TerminalCapabilities {
        var drawable = capabilities
        if area != nil { drawable.graphics = .blocks }
        return drawable
    }

    /// The event loop: each event applied to the state, the effects run, the screen redrawn.
    private func loop(_ entered: RawTerminal.Entered) async -> Outcome {
        let client = client
        let (events, sink) = AsyncStream.makeStream(of: BrowseEvent.self)
        let session = SearchSession(debounce: debounce) { (query: BrowseQuery) in
            try await client.characters(query.characterQuery())
        }
        let forwarding = Task {
            for await state in session.states { sink.yield(.search(state)) }
        }
        defer {
            session.finish()
            forwarding.cancel()
        }
        Self.readKeys(into: sink, probing: answered != nil, typedAhead: entered.typedAhead)
        let resizes = Self.watchResizes(into: sink)
        defer { resizes.cancel() }
        // The wait shown is that of what was asked last: a new search's, not the last one's.
        let lastAsked = Locked(ContinuousClock.now)
        let waits = activity.map { Self.watchWaits($0, since: lastAsked, into: sink) }
        defer { waits?.cancel() }

        let area = entered.area
        var capabilities = Self.drawable(capabilities, in: area)
        var art = AvatarArt(capabilities: capabilities)
        // Fetches belong to the screen that asked for them; none outlives browse.
        let effects = BrowseEffects(
            client: client, refresher: refresher, avatars: BrowseAvatars(images: images, art: art, logger: logger),
            events: sink, search: { session.update(query: $0) }, write: RawTerminal.write)
        effects.tmux = tmux
        effects.root = root
        effects.multiplexed = capabilities.multiplexed
        defer { effects.cancelAll() }
        var screen = BrowseScreen(capabilities: capabilities, art: art, area: area)
        defer { RawTerminal.write(screen.leave()) }

        var state = BrowseState()
        state.query = query
        state.picks = picks || !expect.isEmpty
        state.multi = multi
        state.expect = Set(expect.compactMap(Key.init(named:)))
        state.layout = layout
        state.offline = offline
        state.fuzzy = fuzzy != nil
        state.exact = fuzzy?.exact ?? false
        state.caseMatching = fuzzy?.caseMatching ?? .smart
        var clicks = DoubleClick()
        // Opens on page 1 of everyone under the status filter.
        for case .search(let name, let status) in state.start() {
            effects.open(BrowseQuery(name: name, status: status).normalized)
        }
        /// A frame at the terminal's size now: the grid learns its width, then the lines are drawn.
        func redraw() {
            let view = screen.view()
            state.apply(gridColumns: view.gridColumns, visibleItems: view.itemsPerScreen(state))
            RawTerminal.write(screen.draw(state, on: view))
        }
        redraw()
        for await event in events {
            let asked: [BrowseState.Effect]
            switch event {
            case .keys(let keys):
                let placed = area.map { Self.placed(keys, in: $0) } ?? keys
                asked = state.apply(keys: placed, view: screen.view(), clicks: &clicks, at: .now)
            case .resize:
                screen.invalidate()
                asked = []
            case .terminalAnswered(let result):
                if let answer = await answered?(result), Self.drawable(answer, in: area) != capabilities {
                    let updated = Self.drawable(answer, in: area)
                    // What the terminal said changes the drawing: a new screen, drawn whole.
                    RawTerminal.write(screen.leave())
                    (capabilities, art) = (updated, AvatarArt(capabilities: updated))
                    screen = BrowseScreen(capabilities: updated, art: art, area: area)
                    effects.avatars = BrowseAvatars(images: images, art: art, logger: logger)
                    effects.multiplexed = updated.multiplexed
                    screen.invalidate()
                }
                asked = []
            default:
                asked = state.apply(event)
            }
            for effect in asked {
                switch effect {
                case .accept(let chosen, let key): return .accepted(chosen, query: state.query, key: key)
                case .abort: return .aborted
                case .redraw: screen.invalidate()
                case .search, .fetchPage, .fetchDetail, .fetchPeople, .fetchResidents, .refresh:
                    lastAsked.withLock { $0 = .now }
                    fallthrough
                default: effects.run(effect, grid: state.grid)
                }
            }
            redraw()
        }
        return .aborted
    }

    /// `keys` with their mouse reports' rows counted from `area`'s first line (from 1), as the
    /// view counts them; a report outside the area is dropped.
    private static func placed(_ keys: [Key], in area: InlineArea) -> [Key] {
        keys.compactMap { key in
            guard case .mouse(var event) = key else { return key }
            guard let top = area.top else { return nil }
            event.row -= top - 1
            return (1...area.lines).contains(event.row) ? .mouse(event) : nil
        }
    }

    /// Sends `.waiting` whenever what the slowest request waits for changes, looking four times a second.
    private static func watchWaits(
        _ activity: RequestActivity, since asked: Locked<ContinuousClock.Instant>,
        into sink: AsyncStream<BrowseEvent>.Continuation
    ) -> Task<Void, Never> {
        Task {
            var last: NetworkWait?
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(250))
                let wait = activity.wait(at: .now, threshold: .seconds(1), since: asked.withLock { $0 })
                if wait != last { sink.yield(.waiting(wait)) }
                last = wait
            }
        }
    }

    /// Sends `.resize` on every SIGWINCH, until the source is cancelled.
    private static func watchResizes(into sink: AsyncStream<BrowseEvent>.Continuation) -> any DispatchSourceSignal {
        ProcessSignal.windowChange.ignoreDefault()
        let resize = DispatchSource.makeSignalSource(signal: ProcessSignal.windowChange.number, queue: .global())
        resize.setEventHandler { sink.yield(.resize) }
        resize.resume()
        return resize
    }

    /// Reads standard input on a thread of its own (a blocking read would hold a cooperative
    /// thread), decoding keys as they come; after a lone ESC or half a sequence it waits at most
    /// the escape timeout for the rest. With `probing`, the terminal's answers go to
    /// `TerminalProbe.heard`, and the result to browse as `.terminalAnswered`. `typedAhead`, read
    /// while browse asked where the cursor was, is decoded first.
    private static func readKeys(
        into sink: AsyncStream<BrowseEvent>.Continuation, probing: Bool, typedAhead: [UInt8]
    ) {
        BackgroundThread.start(name: "rickdex.keys") {
            let input = TerminalDevice.standardInput
            var decoder = KeyDecoder()
            var waitingForAnswers = probing
            func deliver(_ keys: [Key]) {
                let bytes = decoder.takeAnswers()
                if waitingForAnswers, !bytes.isEmpty, let result = TerminalProbe.heard(bytes) {
                    waitingForAnswers = false
                    sink.yield(.terminalAnswered(result))
                }
                if !keys.isEmpty { sink.yield(.keys(keys)) }
            }
            deliver(decoder.keys(in: typedAhead))
            var buffer = [UInt8](repeating: 0, count: 256)
            while true {
                if decoder.isWaiting, !input.waitForInput(timeout: KeyDecoder.escapeTimeout) {
                    deliver(decoder.timeout())
                    continue
                }
                let count = (try? input.read(into: &buffer)) ?? 0
                guard count > 0 else {
                    sink.yield(.endOfInput)
                    return
                }
                deliver(decoder.keys(in: buffer.prefix(count)))
            }
        }
    }
}
