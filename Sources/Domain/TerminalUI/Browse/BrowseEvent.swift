import LoupeHTTP
import LoupeImaging
import RickAndMortyAPI
import TerminalKit
import UseCases

/// Everything that can change the browser's state, delivered to its one loop.
enum BrowseEvent: Sendable {
    case keys([Key])
    case search(SearchState<BrowseQuery>)
    /// The first page as browse opens (see `BrowseState.apply(opening:)`).
    case opening(SearchState<BrowseQuery>)
    case page(Page<RMCharacter>, generation: Int)
    case pageFailed(CapturedError, generation: Int)
    case avatar(id: Int, Bitmap)
    /// A refresh's answer (see `BrowseState.apply(refreshed:avatars:unchanged:generation:)`).
    case refreshed(Page<RMCharacter>, avatars: [Int: Bitmap], unchanged: Int, generation: Int)
    /// A line for the status bar: why a refresh could not be made, where a copy went.
    case notice(String)
    /// A small avatar that could not be had.
    case avatarMissing(id: Int)
    case largeAvatar(id: Int, Bitmap)
    case detail(RMCharacter, Fetched<[Episode]>)
    /// An episode's cast or a location's residents, for the screen titled `title`.
    case people(Fetched<[RMCharacter]>, title: String)
    /// What browse waits for, once a wait is long enough to say so; `nil` when it is over.
    case waiting(NetworkWait?)
    case resize
    /// The terminal answered the probe browse sent as it opened.
    case terminalAnswered(ProbeResult)
    case endOfInput
}
