/// The fields `/episode` filters by, in the order the API writes them in its links.
public enum EpisodeFilter: String, ResourceFilter {
    case name, episode
}
