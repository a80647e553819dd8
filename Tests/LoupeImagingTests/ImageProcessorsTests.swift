import LoupeImaging
import Testing

/// The processors that compose: what each does to the pixels, their identifiers, and that the
/// circle Rickdex draws is the composition of resize and mask, pixel for pixel.
@Suite struct ImageProcessorsTests {
    static func decoded(_ id: Int) throws -> Bitmap {
        try ImageDecoder().decode(try ImagingTestData.avatar(id))
    }

    @Test(arguments: [(64, nil as RGBA?), (48, RGBA(0, 200, 0)), (100, RGBA(200, 0, 0))])
    func theCircleIsItsStepsComposed(_ size: Int, _ ring: RGBA?) throws {
        let image = try Self.decoded(1)
        let circle = ImageProcessors.CircleThumbnail(size: size, ring: ring)
        let composed = try ImageProcessors.Composition(circle.steps).process(image)
        #expect(composed == circle.process(image))
        #expect(composed.width == size && composed.height == size)
    }

    @Test func aRingDrawnOnThePlainCircleIsTheRingedCircle() throws {
        let image = try Self.decoded(2)
        let plain = ImageProcessors.CircleThumbnail(size: 64).process(image)
        let ring = ImageProcessors.Ring(color: RGBA(10, 120, 250), width: 4)
        #expect(ring.process(plain) == ImageProcessors.CircleThumbnail(size: 64, ring: ring.color, ringWidth: 4).process(image))
    }

    @Test func resizeFitsOrFillsAndNeverUpscalesUnlessAsked() {
        let wide = Bitmap(width: 400, height: 200, fill: RGBA(50, 60, 70))
        let fit = ImageProcessors.Resize(width: 100, height: 100, contentMode: .aspectFit).process(wide)
        #expect((fit.width, fit.height) == (100, 50))
        let fill = ImageProcessors.Resize(width: 100, height: 100, contentMode: .aspectFill).process(wide)
        #expect((fill.width, fill.height) == (200, 100))
        let cropped = ImageProcessors.Resize(width: 100, height: 100, contentMode: .aspectFill, crop: true).process(wide)
        #expect((cropped.width, cropped.height) == (100, 100))
        let small = Bitmap(width: 40, height: 40, fill: RGBA(1, 2, 3))
        #expect(ImageProcessors.Resize(side: 64).process(small) == small, "no upscale by default")
        let upscaled = ImageProcessors.Resize(side: 64, upscale: true).process(small)
        #expect((upscaled.width, upscaled.height) == (64, 64))
    }

    /// The decoder is told what the first step needs: a fill needs the size's long side.
    @Test func theFirstStepTellsTheDecoderWhatItNeeds() {
        #expect(ImageProcessors.Resize(width: 64, height: 32).minimumInputSide == 64)
        #expect(ImageProcessors.Resize(width: 64, height: 32, contentMode: .aspectFit).minimumInputSide == 32)
        let steps: [any ImageProcessing] = [ImageProcessors.Resize(side: 48), ImageProcessors.Circle()]
        #expect(steps.minimumInputSide == 48)
        #expect(ImageProcessors.RoundedCorners(radius: 4).minimumInputSide == nil)
    }

    @Test func identifiersNameEveryParameterAndNeverRunTogether() {
        let a = ImageProcessors.Anonymous(id: "a") { $0 }
        let bc = ImageProcessors.Anonymous(id: "bc") { $0 }
        let ab = ImageProcessors.Anonymous(id: "ab") { $0 }
        let c = ImageProcessors.Anonymous(id: "c") { $0 }
        #expect(([a, bc] as [any ImageProcessing]).identifier != ([ab, c] as [any ImageProcessing]).identifier)
        #expect(ImageProcessors.Resize(side: 64).identifier == "resize(64x64,fill,crop)")
        #expect(ImageProcessors.Resize(side: 64, upscale: true).identifier == "resize(64x64,fill,crop,upscale)")
        #expect(ImageProcessors.Circle().identifier != ImageProcessors.Circle(ring: .init(color: RGBA(1, 1, 1), width: 2)).identifier)
        #expect(ImageProcessors.Composition([a, c]).identifier == "a|c")
    }

    /// Ported from Nuke's `ImageProcessorsCompositionTests.thatIdentifiesAreFlattened`.
    @Test func thatIdentifiesAreFlattened() {
        let steps = (1...4).map { id in ImageProcessors.Anonymous(id: "\(id)") { $0 } }
        let lhs = ImageProcessors.Composition([
            ImageProcessors.Composition([steps[0], steps[1]]), ImageProcessors.Composition([steps[2], steps[3]]),
        ])
        let rhs = ImageProcessors.Composition(steps)
        #expect(lhs.identifier == rhs.identifier)
        #expect(rhs.identifier == (steps as [any ImageProcessing]).identifier)
    }

    @Test func roundedCornersClearTheCornersAndLeaveTheRest() {
        let image = Bitmap(width: 32, height: 20, fill: RGBA(200, 100, 50))
        let rounded = ImageProcessors.RoundedCorners(radius: 6).process(image)
        #expect(rounded[0, 0].alpha == 0 && rounded[31, 19].alpha == 0)
        #expect(rounded[16, 10] == RGBA(200, 100, 50), "the middle is untouched")
        #expect(rounded[16, 0] == RGBA(200, 100, 50), "an edge between corners is untouched")
        let edge = rounded[1, 2].alpha
        #expect(edge > 0 && edge < 255, "the curve is anti-aliased (\(edge))")
    }

    @Test func aClosureProcessorRunsInItsPlaceInAComposition() throws {
        let image = Bitmap(width: 10, height: 10, fill: RGBA(0, 0, 0))
        let paint = ImageProcessors.Anonymous(id: "paint-red") { image in
            Bitmap(width: image.width, height: image.height, fill: RGBA(255, 0, 0))
        }
        let result = try ImageProcessors.Composition([paint, ImageProcessors.Circle()]).process(image)
        #expect(result[5, 5] == RGBA(255, 0, 0) && result[0, 0].alpha == 0)
    }
}
