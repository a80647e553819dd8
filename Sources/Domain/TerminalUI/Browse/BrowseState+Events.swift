import BlockArt

extension BrowseState {
    /// Applies what the user did (keys, clicks, the wheel) on `view` at `now` (for double clicks).
    mutating func apply(keys: [Key], view: BrowseView, clicks: inout DoubleClick, at now: ContinuousClock.Instant)
        -> [Effect]
    {
        var effects: [Effect] = []
        for key in keys {
            guard case .mouse(let event) = key else {
                effects += apply(key: key)
                continue
            }
            switch event.action {
            case .press(button: 0):
                let index = view.item(atRow: event.row, column: event.column, self)
                let double = index.map { clicks.click($0, at: now) } ?? false
                effects += apply(click: index, double: double)
            case .wheelDown: effects += apply(wheel: 1)
            case .wheelUp: effects += apply(wheel: -1)
            case .press, .release: break
            }
        }
        return effects
    }

    /// The grid cells a row holds and the items a screen of a list shows, as the view says.
    mutating func apply(gridColumns: Int, visibleItems: Int) {
        self.gridColumns = gridColumns
        self.visibleItems = max(1, visibleItems)
    }

    /// Applies an answer of browse's work (a search, a page, an avatar, a detail) or the end of
    /// input. Keys, resizes and the terminal's answers are the loop's, which knows the screen.
    mutating func apply(_ event: BrowseEvent) -> [Effect] {
        switch event {
        case .search(let search): return apply(search: search)
        case .opening(let search): return apply(opening: search)
        case .page(let page, let generation): return apply(page: page, generation: generation)
        case .pageFailed(let error, let generation): apply(pageFailed: error, generation: generation)
        case .avatar(let id, let bitmap): avatars[id] = bitmap
        case .refreshed(let page, let avatars, let unchanged, let generation):
            apply(refreshed: page, avatars: avatars, unchanged: unchanged, generation: generation)
        case .notice(let message): notice = message
        case .waiting(let wait): waiting = wait
        case .avatarMissing(let id): missingAvatars.insert(id)
        case .largeAvatar(let id, let bitmap): largeAvatars[id] = bitmap
        case .detail(let character, let episodes): apply(detail: character, episodes: episodes)
        case .people(let people, let title): apply(people: people, title: title)
        case .endOfInput: return [.abort]
        case .keys, .resize, .terminalAnswered: break
        }
        return []
    }
}

/// Tells a double click from two clicks: the same item again within `interval`.
struct DoubleClick {
    var interval: Duration = .milliseconds(400)
    private var last: (index: Int, at: ContinuousClock.Instant)?

    /// Records a click on `index` at `instant`; `true` when it completes a double click.
    mutating func click(_ index: Int, at instant: ContinuousClock.Instant) -> Bool {
        guard let last, last.index == index, last.at.duration(to: instant) <= interval else {
            last = (index, instant)
            return false
        }
        // A third click starts a new pair.
        self.last = nil
        return true
    }
}
