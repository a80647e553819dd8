import Imaging
import RickAndMortyAPI

/// The ring colour that shows a character's status.
enum StatusColours {
    static let alive = RGBA(76, 196, 96)
    static let dead = RGBA(222, 68, 68)
    static let unknown = RGBA(150, 150, 150)

    static func ring(for status: CharacterStatus) -> RGBA {
        switch status {
        case .alive: alive
        case .dead: dead
        case .unknown: unknown
        }
    }
}
