/// The fields `/location` filters by, in the order the API writes them in its links.
public enum LocationFilter: String, ResourceFilter {
    case name, type, dimension
}
