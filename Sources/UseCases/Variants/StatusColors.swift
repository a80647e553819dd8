import LoupeImaging
import RickAndMortyAPI

/// The color that shows a character's status: the ring of a ringed avatar, and the status dot.
package enum StatusColors {
    package static let alive = RGBA(76, 196, 96)
    package static let dead = RGBA(222, 68, 68)
    package static let unknown = RGBA(150, 150, 150)

    package static func ring(for status: CharacterStatus) -> RGBA {
        switch status {
        case .alive: alive
        case .dead: dead
        case .unknown: unknown
        }
    }
}
