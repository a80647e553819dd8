/// Where a people screen's characters come from, so that a failed fetch can be asked again.
enum PeopleSource: Equatable {
    /// These characters (an episode's cast).
    case characters(ids: [Int])
    /// The residents of this location.
    case residents(locationID: Int)

    /// The effect that fetches them for the screen titled `title`.
    func fetch(title: String) -> BrowseState.Effect {
        switch self {
        case .characters(let ids): .fetchPeople(title: title, ids: ids)
        case .residents(let id): .fetchResidents(title: title, locationID: id)
        }
    }
}
