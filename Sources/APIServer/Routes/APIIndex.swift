import RickAndMortyAPI

/// `GET /api`: where each resource lives, keys in the real API's order.
struct APIIndex: Encodable {
    var characters: String
    var locations: String
    var episodes: String

    init(root: APIRoot) {
        characters = "\(root)/character"
        locations = "\(root)/location"
        episodes = "\(root)/episode"
    }
}
