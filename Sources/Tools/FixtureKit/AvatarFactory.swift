import LoupeImaging
import RickAndMortyAPI
import LoupeToolbox

/// Encodes each painted avatar as the real service stores its files: about 40 % palette PNG under
/// a `.jpeg` name, the rest JPEG (mostly progressive, 13 with Exif), five at odd sizes.
package struct AvatarFactory: Sendable {
    package var seed: UInt64

    package init(seed: UInt64 = 137) {
        self.seed = seed
    }

    /// How one avatar is stored.
    package enum Encoding: Sendable, Hashable {
        case palettePNG
        case progressiveJPEG
        case baselineJPEG(exif: Bool)
    }

    static let oddSizes: [Int: (Int, Int)] = [
        607: (264, 264), 623: (264, 264), 710: (299, 295), 819: (277, 266), 820: (277, 266),
    ]
    static let exifCharacter = 13

    package func encoding(forCharacter id: Int) -> Encoding {
        if id == Self.exifCharacter { return .baselineJPEG(exif: true) }
        var random = SplitMix64(seed: seed &+ UInt64(id) &* 0xD1B5_4A32_D192_ED03)
        if random.chance(0.407) { return .palettePNG }
        return random.chance(0.025) ? .baselineJPEG(exif: false) : .progressiveJPEG
    }

    package func size(forCharacter id: Int) -> (width: Int, height: Int) {
        Self.oddSizes[id] ?? (300, 300)
    }

    package func avatar(for character: CharacterDTO) throws -> [UInt8] {
        let (width, height) = size(forCharacter: character.id)
        let image = AvatarPainter(width: width, height: height).paint(character, seed: seed)
        switch encoding(forCharacter: character.id) {
        case .palettePNG:
            return try PNGEncoder(compressionLevel: 9).encode(image)
        case .progressiveJPEG:
            return try JPEGEncoder(quality: 88, progressive: true).encode(image.expanded())
        case .baselineJPEG(let exif):
            return try JPEGEncoder(quality: 88, progressive: false, app1: exif ? Self.exifBlock : nil).encode(image.expanded())
        }
    }

    /// A minimal Exif APP1 payload: a little-endian TIFF header and one IFD entry, Orientation = 1.
    static let exifBlock: [UInt8] =
        Array("Exif".utf8) + [0, 0]
        + [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00]
        + [0x01, 0x00]
        + [0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00]
        + [0x00, 0x00, 0x00, 0x00]
}
