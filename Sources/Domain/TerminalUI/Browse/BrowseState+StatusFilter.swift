import RickAndMortyAPI

extension BrowseState {
    /// The status the list is filtered by (Tab, Shift-Tab and Ctrl-S cycle it).
    enum StatusFilter: String, CaseIterable {
        case any, alive, dead, unknown

        var next: StatusFilter {
            let all = Self.allCases
            return all[(all.firstIndex(of: self).map { $0 + 1 } ?? 0) % all.count]
        }

        var previous: StatusFilter {
            let all = Self.allCases
            return all[((all.firstIndex(of: self) ?? 0) + all.count - 1) % all.count]
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
