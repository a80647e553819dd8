/// The fields one kind of resource is filtered by (`CharacterFilter`, `EpisodeFilter`,
/// `LocationFilter`), their raw values the API's query keys, in the order its links write them.
public protocol ResourceFilter: RawRepresentable<String>, CaseIterable, Hashable, Sendable where AllCases == [Self] {
    /// Every kind the API lists is filtered by name.
    static var name: Self { get }
}

/// The fields `/character` filters by, in the order the API writes them in its links.
public enum CharacterFilter: String, ResourceFilter {
    case name, status, species, type, gender
}

/// The fields `/episode` filters by, in the order the API writes them in its links.
public enum EpisodeFilter: String, ResourceFilter {
    case name, episode
}

/// The fields `/location` filters by, in the order the API writes them in its links.
public enum LocationFilter: String, ResourceFilter {
    case name, type, dimension
}

/// Something the API's filters apply to: a model, or on the loopback server its wire form.
public protocol Filterable<Filter>: Sendable {
    /// The fields the API filters this kind by, in the order its `next` links write them.
    associatedtype Filter: ResourceFilter

    var id: Int { get }
    /// The text a filter compares against, as the API's JSON writes it.
    func value(for filter: Filter) -> String
}
