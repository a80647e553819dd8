import FoundationEssentials
import LoupePipeline
import LoupeImaging
import RickAndMortyAPI
import TerminalKit
import TerminalUI
import LoupeToolbox
import UseCases

/// What the episode and location views share: fetch the characters in one batch, their avatars
/// concurrently, and print a grid (or a list when piped).
enum CastView {
    static func print(
        title: [String], characters: [RMCharacter], api: APIAccess, previews: PreviewOptions,
        display: DisplayOptions, global: GlobalOptions
    ) async {
        Swift.print(title.joined(separator: "\n"))
        guard !characters.isEmpty else { return }
        guard previews.enabled(isTerminal: TerminalDevice.standardOutput.isTerminal) else {
            Swift.print(AvatarGrid.list(characters).joined(separator: "\n"))
            return
        }
        let columns = previews.columns(default: 8)
        let images = api.images
        let capabilities = await display.prepareTerminal(color: global.color)
        let art = AvatarArt(capabilities: capabilities)
        let variant = AvatarVariant.castCell.sized(.columns(columns))
        let thumbnails = await AvatarThumbnails(images: images, variant: variant, pixelsPerColumn: art.pixelsPerColumn)
            .all(characters).map { try? $0.get() }
        let grid = AvatarGrid(capabilities: capabilities, columns: columns)
        Swift.print(grid.render(characters, thumbnails: thumbnails), terminator: "")
    }
}
