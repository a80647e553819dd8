/// Where browse puts its search line and which way its list grows (fzf's `--layout`).
///
/// Only the list screen has a layout: the detail, episodes and people screens read top-down in
/// both.
package enum BrowseLayout: String, CaseIterable, Sendable {
    /// fzf's default: the search line at the bottom, the status line above it, and the list
    /// growing up from them, the first match nearest the line; ↑ moves up the screen, to later
    /// matches.
    case `default`
    /// The search line at the top and the list growing down from it, the status line at the
    /// bottom: browse's own look since it began, and what it opens in unless told.
    case reverse

    /// The step that ↑ (`up` true) or ↓ takes through the results: on screen, up is toward the
    /// first match in `reverse` and away from it in `default`.
    func step(up: Bool) -> Int {
        (self == .reverse) == up ? -1 : 1
    }
}
