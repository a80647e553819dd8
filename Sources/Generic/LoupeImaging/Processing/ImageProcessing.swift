/// A step that turns one bitmap into another, as Nuke's `ImageProcessing`: its `identifier`
/// names every parameter that changes the pixels and goes into cache keys, so two steps with the
/// same identifier must give the same pixels.
///
/// Built-ins live under `ImageProcessors` and compose in order (`ImageProcessors.Composition`).
/// Conformers are values, safe to call from any number of tasks at once.
public protocol ImageProcessing: Sendable {
    /// Every parameter that changes the pixels, e.g. `resize(64x64,fill,crop)`.
    var identifier: String { get }

    /// The short side, in pixels, that the step needs of its input to lose nothing, or `nil` for
    /// the full image: the decoder is told it, so a JPEG decodes at the smallest DCT scale that
    /// serves (a 300 px JPEG for a 64 px circle decodes at 1/2, not in full).
    var minimumInputSide: Int? { get }

    func process(_ image: Bitmap) throws -> Bitmap

    /// A last step that costs microseconds (a ring drawn on), split off this one: the step that
    /// comes before it (`nil` when this one is all finishing) and the finishing step, which
    /// together give exactly this step's pixels. A cache keeps the image before the finishing
    /// step and draws it on each time. `nil` (the default): nothing to split off.
    var finishingStep: (before: (any ImageProcessing)?, finishing: any ImageProcessing)? { get }
}

extension ImageProcessing {
    public var minimumInputSide: Int? { nil }
    public var finishingStep: (before: (any ImageProcessing)?, finishing: any ImageProcessing)? { nil }
}

extension [any ImageProcessing] {
    /// The identifiers of steps applied in order, joined with a separator no identifier holds at
    /// its edges, so `[a, bc]` and `[ab, c]` never give one key (kean/Nuke#889).
    public var identifier: String { count == 1 ? self[0].identifier : map(\.identifier).joined(separator: "|") }

    /// What the first step needs of the decoder: later steps see its output, not the decode.
    public var minimumInputSide: Int? { first?.minimumInputSide }

    /// The steps split before the last one's finishing step (`ImageProcessing.finishingStep`);
    /// `nil` when it has none, or when no step would be left before it.
    public var splitAtFinishingStep: (before: [any ImageProcessing], finishing: any ImageProcessing)? {
        guard let last, let split = last.finishingStep else { return nil }
        let before = dropLast() + (split.before.map { [$0] } ?? [])
        return before.isEmpty ? nil : (Array(before), split.finishing)
    }
}

/// Processing steps, each `Hashable` with an `identifier` that goes into cache keys.
public enum ImageProcessors {}

// The built-in processors by leading dot, as Nuke's: `processors: [.resize(width: 320), .circle()]`.
// `.resize(width:)` and `.resize(height:)` leave the other side to the aspect; `.resize(side:)` fills a square.

extension ImageProcessing where Self == ImageProcessors.Resize {
    public static func resize(
        width: Int, height: Int, contentMode: ImageProcessors.Resize.ContentMode = .aspectFill, crop: Bool = false,
        upscale: Bool = false
    ) -> Self {
        ImageProcessors.Resize(width: width, height: height, contentMode: contentMode, crop: crop, upscale: upscale)
    }

    public static func resize(width: Int, upscale: Bool = false) -> Self {
        ImageProcessors.Resize(width: width, upscale: upscale)
    }

    public static func resize(height: Int, upscale: Bool = false) -> Self {
        ImageProcessors.Resize(height: height, upscale: upscale)
    }

    public static func resize(side: Int, upscale: Bool = false) -> Self {
        ImageProcessors.Resize(side: side, upscale: upscale)
    }
}

extension ImageProcessing where Self == ImageProcessors.Circle {
    public static func circle(ring: ImageProcessors.Ring? = nil) -> Self { ImageProcessors.Circle(ring: ring) }
}

extension ImageProcessing where Self == ImageProcessors.RoundedCorners {
    public static func roundedCorners(radius: Double) -> Self { ImageProcessors.RoundedCorners(radius: radius) }
}

extension ImageProcessing where Self == ImageProcessors.Anonymous {
    public static func process(id: String, _ closure: @escaping @Sendable (Bitmap) throws -> Bitmap) -> Self {
        ImageProcessors.Anonymous(id: id, closure)
    }
}
