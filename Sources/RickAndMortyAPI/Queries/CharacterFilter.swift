/// The fields `/character` filters by, in the order the API writes them in its links.
public enum CharacterFilter: String, ResourceFilter {
    case name, status, species, type, gender
}
