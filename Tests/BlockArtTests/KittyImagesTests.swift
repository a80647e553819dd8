import LoupeImaging
import Testing

@testable import BlockArt

@Suite struct KittyImagesTests {
    static let avatar = Bitmap(width: 36, height: 36, fill: RGBA(200, 100, 50))

    @Test func imagesAreSentOnceThenPlacedByIdAndClearedAtTheEnd() throws {
        var images = KittyImages(GraphicsPlacement(graphics: .kitty, cellSize: CellSize(width: 9, height: 20)))
        let first = [KittyImages.Placement(id: 7, row: 2, column: 0, columns: 4, rows: 2, image: Self.avatar)]
        let sent = try images.update(first)
        #expect(sent.contains("\u{1B}[3;1H"), "placed at its cell")
        #expect(sent.contains("a=T,f=100,q=2,i=7,c=4,r=2,C=1"), "sent with its id, sized in cells")
        #expect(try images.update(first) == "", "nothing changed, nothing sent")
        // Scrolled down a line: the old placement goes, the image is placed again without its data.
        let moved = try images.update([KittyImages.Placement(id: 7, row: 4, column: 0, columns: 4, rows: 2, image: Self.avatar)])
        #expect(moved.hasPrefix("\u{1B}_Ga=d,d=a,q=2\u{1B}\\"))
        #expect(moved.contains("\u{1B}[5;1H\u{1B}_Ga=p,i=7,q=2,c=4,r=2,C=1\u{1B}\\"))
        #expect(!moved.contains("f=100"))
        #expect(images.clear() == "\u{1B}_Ga=d,d=A,q=2\u{1B}\\", "the end deletes every image and its data")
    }

    @Test func kittyGetsTheImagePaddedToItsCellsNotStretched() {
        // 72x72 in 8x4 cells of 9x20 px: a 72x80 box, the bottom 8 rows transparent.
        let placement = GraphicsPlacement(graphics: .kitty, cellSize: CellSize(width: 9, height: 20))
        let boxed = placement.boxed(Bitmap(width: 72, height: 72, fill: RGBA(255, 0, 0)), columns: 8, rows: 4)
        #expect(boxed.width == 72 && boxed.height == 80)
        #expect(boxed[10, 71] == RGBA(255, 0, 0))
        #expect(boxed[10, 72].alpha == 0)
    }
}
