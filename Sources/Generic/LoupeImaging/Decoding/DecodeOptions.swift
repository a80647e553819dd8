/// How to decode: how small the output may be, and the limits.
public struct DecodeOptions: Sendable, Hashable {
    /// How far JPEG's DCT scaling may shrink while decoding.
    public enum Scaling: Sendable, Hashable {
        /// Full size.
        case none
        /// The smallest scale whose short side still covers `minimumShortSide`.
        case fast
        /// About twice `minimumShortSide`, so the resampler has detail to work with (as libvips).
        case quality
    }

    /// The short side the caller needs; `nil` means full size.
    public var minimumShortSide: Int?
    public var scaling: Scaling
    /// Progressive JPEGs whose output is 1/8 scale decode only their first (DC) scan.
    public var allowFirstScanOnly: Bool
    /// Apply the Exif orientation so the pixels are upright.
    public var applyOrientation: Bool
    public var limits: ImageLimits

    public init(
        minimumShortSide: Int? = nil, scaling: Scaling = .quality, allowFirstScanOnly: Bool = true,
        applyOrientation: Bool = true, limits: ImageLimits = ImageLimits()
    ) {
        self.minimumShortSide = minimumShortSide
        self.scaling = scaling
        self.allowFirstScanOnly = allowFirstScanOnly
        self.applyOrientation = applyOrientation
        self.limits = limits
    }

    /// The DCT scale numerator n (output = n/8 of the source) for a source short side.
    func scaleNumerator(sourceShortSide: Int) -> Int {
        guard let minimum = minimumShortSide, scaling != .none, sourceShortSide > 0 else { return 8 }
        let wanted = scaling == .quality ? minimum * 2 : minimum
        return (1...8).first { (sourceShortSide * $0 + 7) / 8 >= wanted } ?? 8
    }
}

/// The largest image a decoder accepts, checked on the header before any large allocation.
public struct ImageLimits: Sendable, Hashable {
    /// Width times height.
    public var maxPixels: Int
    /// Width or height.
    public var maxSide: Int

    public init(maxPixels: Int = 64_000_000, maxSide: Int = 16_384) {
        self.maxPixels = maxPixels
        self.maxSide = maxSide
    }
}
