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
