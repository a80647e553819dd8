import RickAndMortyAPI

extension BrowseState {
    /// The status the list is filtered by (Tab, Shift-Tab and Ctrl-S cycle it).
    enum StatusFilter: String, CaseIterable {
        case any, alive, dead, unknown

        var next: StatusFilter { shifted(by: 1) }
        var previous: StatusFilter { shifted(by: -1) }

        private func shifted(by step: Int) -> StatusFilter {
            let all = Self.allCases
            return all[((all.firstIndex(of: self) ?? 0) + step + all.count) % all.count]
        }

        /// The status the API query asks for; `nil` for any.
        var selected: CharacterStatus? {
            switch self {
            case .any: nil
            case .alive: .alive
            case .dead: .dead
            case .unknown: .unknown
            }
        }
    }
}
