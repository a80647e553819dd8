/// Where browse puts its search line and which way its list grows (fzf's `--layout`); the screens
/// past the list read top-down in both.
package enum BrowseLayout: String, CaseIterable, Sendable {
    /// fzf's default: the search line at the bottom, the status line above it, and the list
    /// growing up from them, the first match nearest the line.
    case `default`
    /// The search line at the top and the list growing down from it: browse's own default.
    case reverse
    /// The step that ↑ (`up` true) or ↓ takes through the results: on screen, up is toward the
    /// first match in `reverse` and away from it in `default`.
    func step(up: Bool) -> Int {
        (self == .reverse) == up ? -1 : 1
    }
}
