import RickAndMortyAPI

extension BrowseState {
    /// What the loop must do after an event.
    enum Effect: Equatable {
        /// Hand the search line (and filter) to the search session.
        case search(name: String, status: StatusFilter)
        /// Fetch the next page of the current results; `generation` tells a stale answer.
        case fetchPage(name: String, status: StatusFilter, page: Int, generation: Int)
        case fetchDetail(RMCharacter)
        /// Fetch the list's avatars, in place of those asked for before (new results).
        case fetchAvatars([RMCharacter])
        /// Fetch the avatars of a page added to the list, beside those still arriving.
        case fetchMoreAvatars([RMCharacter])
        case fetchPeople(title: String, ids: [Int])
        case fetchResidents(title: String, locationID: Int)
        /// Put the character's URL and summary on the clipboard (OSC 52).
        case share(RMCharacter)
        /// End browse with these characters chosen (none: nothing matched), by Enter (`key` nil)
        /// or a key of `expect`, named as fzf names it.
        case accept([RMCharacter], key: String?)
        /// Ask the server again about a page of the list and its avatars.
        case refresh(Page<RMCharacter>, name: String, status: StatusFilter, generation: Int)
        /// Ctrl-L.
        case redraw
        /// End browse without a choice (fzf's `abort`: exit 130).
        case abort
    }
}
