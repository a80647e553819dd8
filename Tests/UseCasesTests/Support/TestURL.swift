import RickAndMortyAPI

/// Fixed paths for hand-made models.
enum TestURL {
    static let avatar: APIPath = "character/avatar/1.jpeg"
}
