/// Bytes in, circular thumbnail out: sniff, decode at a DCT scale that suits the size, crop,
/// resample, mask.
///
/// A value with no state: call it from as many tasks as there are cores.
public struct Thumbnailer: Sendable, Hashable {
    public var circle: ImageProcessors.CircleThumbnail
    public var scaling: DecodeOptions.Scaling
    public var limits: ImageLimits

    public init(circle: ImageProcessors.CircleThumbnail, scaling: DecodeOptions.Scaling = .quality, limits: ImageLimits = ImageLimits()) {
        self.circle = circle
        self.scaling = scaling
        self.limits = limits
    }

    public func thumbnail(_ bytes: [UInt8]) throws(ImagingError) -> Bitmap {
        let options = DecodeOptions(minimumShortSide: circle.size, scaling: scaling, limits: limits)
        return circle.process(try ImageDecoder(options: options).decode(bytes))
    }
}
