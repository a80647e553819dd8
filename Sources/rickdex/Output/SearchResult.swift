import RickAndMortyAPI

/// What `search --json` prints: the matches of one page, or of all pages with `--all`.
struct SearchResult: Encodable {
    /// The page shown, or `nil` with `--all`.
    var page: Int?
    var pages: Int
    var count: Int
    var results: [RMCharacter]
}
