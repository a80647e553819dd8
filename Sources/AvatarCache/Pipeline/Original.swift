/// An image's bytes exactly as served, and where they came from.
public struct Original: Sendable, Hashable {
    public var bytes: [UInt8]
    public var source: ImageSource

    public init(bytes: [UInt8], source: ImageSource) {
        self.bytes = bytes
        self.source = source
    }

    /// CRC-32 of `bytes`: what a variant records to notice that its original changed. Computed
    /// on demand, since fetching alone never needs it.
    public var checksum: UInt32 { CRC32.checksum(bytes) }
}
