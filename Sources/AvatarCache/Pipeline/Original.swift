/// An image's bytes exactly as served, and where they came from.
public struct Original: Sendable, Hashable {
    public var bytes: [UInt8]
    public var source: ImageSource
    /// CRC-32 of `bytes`: what a variant records to notice that its original changed.
    public var checksum: UInt32
}
