import RickAndMortyAPI
import UseCases

/// Runs what `BrowseState` asks for (`BrowseState.Effect`): each fetch in a task owned by the part
/// of the screen that asked (`ScreenTasks`), its answer sent back as a `BrowseEvent`. Used from
/// browse's loop only; its fetches run concurrently.
final class BrowseEffects {
    let client: any RickAndMortyClient
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
    var root = APIRoot.realService
    /// Inside a multiplexer, OSC 52 is wrapped for passthrough.
    var multiplexed = false
    private let work = ScreenTasks()

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

    /// Fetches the first page as browse opens, without the session's typing pause (`.opening`).
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

    /// Runs `effect` (ending and redrawing browse are the loop's); `grid`: the list's avatars are
    /// larger. What needs no work (a refresh offline, an OSC 52 copy) comes back as a `.notice`.
    func run(_ effect: BrowseState.Effect, grid: Bool) {
        let (client, events) = (client, events)
        switch effect {
        case .abort, .accept, .redraw:
            return
        case .share(let character):
            share(ClipboardShare.text(for: character, root: root))
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

    func cancelAll() {
        work.cancelAll()
    }

    /// A copy: OSC 52, or inside tmux into its buffer off the loop, OSC 52 when tmux cannot run.
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

/// Browse's background work, each task owned by the part of the screen that asked for it: cancelled
/// when that part is replaced, and all when browse quits. Used from browse's event loop only.
final class ScreenTasks {
    enum Owner: Hashable {
        /// An episode's cast or a location's residents.
        case people
        case avatars, page, detail
        /// Copying to tmux's buffer.
        case share
    }

    private var running: [Owner: [Task<Void, Never>]] = [:]
    private(set) var started = 0

    /// Cancels `owner`'s tasks: what they were fetching is no longer on screen.
    func replace(_ owner: Owner) {
        running[owner]?.forEach { $0.cancel() }
        running[owner] = []
    }

    func start(_ owner: Owner, _ work: @escaping @Sendable () async -> Void) {
        running[owner, default: []].removeAll { $0.isCancelled }
        running[owner, default: []].append(Task { await work() })
        started += 1
    }

    func cancelAll() {
        for owner in Array(running.keys) { replace(owner) }
    }

    deinit {
        for tasks in running.values { tasks.forEach { $0.cancel() } }
    }
}
