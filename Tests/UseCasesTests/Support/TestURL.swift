import Foundation

/// Fixed URLs for hand-made models.
enum TestURL {
    // swift-format-ignore: NeverForceUnwrap
    static let avatar = URL(string: "https://rickandmortyapi.com/api/character/avatar/1.jpeg")!
    // swift-format-ignore: NeverForceUnwrap
    static let character = URL(string: "https://rickandmortyapi.com/api/character/1")!
}
