import RickAndMortyAPI
import LoupeToolbox
import UseCases

/// What browse searches for: the typed name and the status filter, as one value for its
/// `SearchSession` (a change to either is a new search).
struct BrowseQuery: SearchQuery {
    var name: String
    var status: BrowseState.StatusFilter

    var normalized: BrowseQuery {
        BrowseQuery(name: name.trimmingWhitespace(), status: status)
    }

    /// Never: an empty name lists everyone under the status filter.
    var isEmpty: Bool { false }

    func characterQuery(page: Int = 1) -> CharacterQuery {
        CharacterQuery(name: name.isEmpty ? nil : name, status: status.selected, page: page)
    }
}
