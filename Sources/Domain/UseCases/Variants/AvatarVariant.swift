import FoundationEssentials
import LoupePipeline
import LoupeImaging
import RickAndMortyAPI

/// One way the views draw an avatar: its size and whether it wears its status ring. The catalog is
/// the one list the views, `CacheWarmer` and export share, so warming makes what the views ask for.
/// Columns become pixels through `pixelsPerColumn`: 8 for cell art, the cell width for real pixels.
package struct AvatarVariant: Sendable, Hashable {
    /// Terminal columns (height half as many lines), or pixels.
    package enum Size: Sendable, Hashable {
        case columns(Int)
        case pixels(Int)
    }

    /// For logs and reports, e.g. `search-row`.
    package var name: String
    package var size: Size
    package var ringed: Bool

    package init(name: String, size: Size, ringed: Bool) {
        self.name = name
        self.size = size
        self.ringed = ringed
    }

    /// `search --preview`
    package static let searchRow = AvatarVariant(name: "search-row", size: .columns(8), ringed: false)
    /// An episode's cast or a location's residents.
    package static let castCell = AvatarVariant(name: "cast-cell", size: .columns(8), ringed: false)
    /// `show`, and browse's detail screen.
    package static let detail = AvatarVariant(name: "detail", size: .columns(24), ringed: true)
    package static let browseRow = AvatarVariant(name: "browse-row", size: .columns(4), ringed: false)
    /// `sheet`, `export --sheet`
    package static let sheetCell = AvatarVariant(name: "sheet-cell", size: .pixels(64), ringed: true)

    package static let catalog: [AvatarVariant] = [.searchRow, .castCell, .detail, .browseRow, .sheetCell]

    /// The same variant at another size (`--preview-size`, `sheet --size`).
    package func sized(_ size: Size) -> AvatarVariant {
        AvatarVariant(name: name, size: size, ringed: ringed)
    }

    package func pixels(perColumn pixelsPerColumn: Int) -> Int {
        switch size {
        case .columns(let columns): columns * pixelsPerColumn
        case .pixels(let pixels): pixels
        }
    }

    /// What a view asks the image pipeline for: the one place a view's image is declared.
    package func request(
        _ image: APIPath, status: CharacterStatus, pixelsPerColumn: Int, options: ImageRequest.Options = []
    ) -> ImageRequest {
        ImageRequest(image, processors: [circle(for: status, pixelsPerColumn: pixelsPerColumn)], options: options)
    }

    package func circle(for status: CharacterStatus, pixelsPerColumn: Int) -> ImageProcessors.CircleThumbnail {
        ImageProcessors.CircleThumbnail(
            size: pixels(perColumn: pixelsPerColumn), ring: ringed ? StatusColors.ring(for: status) : nil)
    }
}

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
