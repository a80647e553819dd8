import RickAndMortyAPI
import UseCases

/// Runs what `BrowseState` asks for (`BrowseState.Effect`): each fetch in a task that belongs to
/// the part of the screen that asked for it (`ScreenTasks`), its answer sent back as a
/// `BrowseEvent` for the state to apply. Browse's loop owns one; a test drives one with a real
/// client and reads the events.
///
/// Used from one task only (browse's loop); its fetches run concurrently.
final class BrowseEffects {
    let client: any RickAndMortyClient
    /// What `r` asks (conditional requests even for fresh answers); `nil` offline.
    let refresher: (any RickAndMortyClient)?
    /// Replaced when the terminal's answers change how avatars are drawn.
    var avatars: BrowseAvatars
    let events: AsyncStream<BrowseEvent>.Continuation
    /// Where a new search line goes: the search session, which waits for a pause in typing.
    let search: @Sendable (BrowseQuery) -> Void
    /// What reaches the terminal outside a frame: a copy's OSC 52.
    let write: @Sendable (String) -> Void
    /// Inside tmux, a copy goes through tmux's own buffer (`ClipboardShare`).
    var tmux = false
    /// Inside a multiplexer, OSC 52 is wrapped for passthrough.
    var multiplexed = false
    private let work = ScreenTasks()

    /// Fetches started so far: what asked for nothing has started none.
    var started: Int { work.started }

    init(
        client: any RickAndMortyClient, refresher: (any RickAndMortyClient)?, avatars: BrowseAvatars,
        events: AsyncStream<BrowseEvent>.Continuation, search: @escaping @Sendable (BrowseQuery) -> Void,
        write: @escaping @Sendable (String) -> Void
    ) {
        self.client = client
        self.refresher = refresher
        self.avatars = avatars
        self.events = events
        self.search = search
        self.write = write
    }

    /// Fetches the first page as browse opens, at once rather than after the session's typing
    /// pause; its answer is sent as `.opening`, a search state.
    func open(_ query: BrowseQuery) {
        let (client, events) = (client, events)
        work.start(.page) {
            do {
                let page = try await client.characters(query.characterQuery())
                events.yield(.opening(page.items.isEmpty ? .empty(query: query) : .loaded(query: query, page: page)))
            } catch {
                if !Task.isCancelled { events.yield(.opening(.failed(query: query, error: CapturedError(error)))) }
            }
        }
    }

    /// Runs `effect` (those that end browse or redraw it are the loop's). `grid`: the list is a
    /// grid (its avatars are larger). What needs no work but a line in the status bar (a refresh
    /// offline, a copy through OSC 52) comes back as a `.notice` event like any answer.
    func run(_ effect: BrowseState.Effect, grid: Bool) {
        let (client, events) = (client, events)
        switch effect {
        case .abort, .accept, .redraw:
            return
        case .share(let character):
            share(ClipboardShare.text(for: character))
        case .search(let name, let status):
            search(BrowseQuery(name: name, status: status))
        case .fetchPage(let name, let status, let number, let generation):
            work.replace(.page)
            work.start(.page) {
                do {
                    let query = BrowseQuery(name: name, status: status).normalized
                    let page = try await client.characters(query.characterQuery(page: number))
                    if !Task.isCancelled { events.yield(.page(page, generation: generation)) }
                } catch {
                    if !Task.isCancelled { events.yield(.pageFailed(CapturedError(error), generation: generation)) }
                }
            }
        case .fetchDetail(let character):
            detail(character)
        case .refresh(let page, let name, let status, let generation):
            refresh(page, query: BrowseQuery(name: name, status: status).normalized, generation: generation, grid: grid)
        case .fetchPeople(let title, let ids):
            work.replace(.people)
            work.start(.people) {
                let people = await Fetched.of { try await client.characters(ids: ids) }
                if !Task.isCancelled { events.yield(.people(people, title: title)) }
            }
        case .fetchResidents(let title, let locationID):
            work.replace(.people)
            work.start(.people) {
                let people = await Fetched.of {
                    try await client.characters(ids: try await client.location(id: locationID).residentIDs)
                }
                if !Task.isCancelled { events.yield(.people(people, title: title)) }
            }
        case .fetchAvatars(let characters):
            work.replace(.avatars)
            avatars(of: characters, variant: BrowseView.avatarVariant(grid: grid))
        case .fetchMoreAvatars(let characters):
            avatars(of: characters, variant: BrowseView.avatarVariant(grid: grid))
        }
    }

    /// A character's episodes and large avatar, for the detail screen.
    private func detail(_ character: RMCharacter) {
        let (client, events, avatars) = (client, events, avatars)
        work.replace(.detail)
        work.start(.detail) {
            let episodes = await Fetched.of { try await client.episodes(ids: character.episodeIDs) }
            if !Task.isCancelled { events.yield(.detail(character, episodes)) }
        }
        work.start(.detail) {
            let large = await avatars.loadOrPlaceholder(character, AvatarVariant.detail.sized(.columns(BrowseView.detailAvatar)))
            if !Task.isCancelled { events.yield(.largeAvatar(id: character.id, large)) }
        }
    }

    /// The list's avatars, each as it comes; one that cannot be had is reported missing.
    private func avatars(of characters: [RMCharacter], variant: AvatarVariant) {
        let (events, avatars) = (events, avatars)
        for character in characters {
            work.start(.avatars) {
                if let small = await avatars.load(character, variant) {
                    events.yield(.avatar(id: character.id, small))
                } else if !Task.isCancelled {
                    events.yield(.avatarMissing(id: character.id))
                }
            }
        }
    }

    /// Cancels every fetch (on quit).
    func cancelAll() {
        work.cancelAll()
    }

    /// A copy: OSC 52 to the terminal, or inside tmux into tmux's buffer off the loop (running tmux
    /// takes milliseconds), with OSC 52 when tmux cannot be run.
    private func share(_ text: String) {
        guard tmux else {
            write(ClipboardShare.sequence(text, multiplexed: multiplexed))
            events.yield(.notice(ClipboardShare.osc52Notice(text)))
            return
        }
        let (events, write) = (events, write)
        work.start(.share) {
            if let notice = await ClipboardShare.copyWithTmux(text) {
                events.yield(.notice(notice))
            } else {
                write(ClipboardShare.sequence(text, multiplexed: true))
                events.yield(.notice(ClipboardShare.osc52Notice(text)))
            }
        }
    }

    /// `r`: the page shown and its avatars, asked about again.
    private func refresh(_ page: Page<RMCharacter>, query: BrowseQuery, generation: Int, grid: Bool) {
        guard let refresher else {
            events.yield(.notice("offline: nothing to refresh against (run without --offline)"))
            return
        }
        let (events, avatars) = (events, avatars)
        let variant = BrowseView.avatarVariant(grid: grid)
        work.replace(.page)
        work.start(.page) {
            do {
                let fresh = try await refresher.characters(query.characterQuery(page: page.number))
                let (changed, unchanged) = await avatars.refreshed(fresh.items, variant)
                guard !Task.isCancelled else { return }
                events.yield(.refreshed(fresh, avatars: changed, unchanged: unchanged, generation: generation))
            } catch {
                if !Task.isCancelled { events.yield(.notice("refresh failed: \(error)")) }
            }
        }
    }
}

/// Browse's background work, each task owned by the part of the screen that asked for it: a
/// part's tasks are cancelled when it is replaced (new results, another page, another detail),
/// and every task when browse quits. Used from browse's event loop only.
final class ScreenTasks {
    /// The part of the screen a task works for.
    enum Owner: Hashable {
        /// An episode's cast or a location's residents.
        case people
        /// The list's avatars.
        case avatars
        /// The page being fetched.
        case page
        /// The detail's episodes and avatar.
        case detail
        /// Copying to tmux's buffer.
        case share
    }

    private var running: [Owner: [Task<Void, Never>]] = [:]
    /// Tasks started so far.
    private(set) var started = 0

    /// Cancels `owner`'s tasks: what they were fetching is no longer on screen.
    func replace(_ owner: Owner) {
        running[owner]?.forEach { $0.cancel() }
        running[owner] = []
    }

    /// Starts `work` for `owner`, alongside its other tasks.
    func start(_ owner: Owner, _ work: @escaping @Sendable () async -> Void) {
        running[owner, default: []].removeAll { $0.isCancelled }
        running[owner, default: []].append(Task { await work() })
        started += 1
    }

    /// Cancels every task (on quit).
    func cancelAll() {
        for owner in Array(running.keys) { replace(owner) }
    }

    deinit {
        for tasks in running.values { tasks.forEach { $0.cancel() } }
    }
}
