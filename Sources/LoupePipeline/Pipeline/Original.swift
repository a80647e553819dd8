import LoupeHTTP
import LoupeToolbox

/// An image's bytes exactly as served, and where they came from.
public struct Original: Sendable, Hashable {
    public var bytes: [UInt8]
    public var source: ImageSource
    /// What is left of its lifetime, which the variants made from it inherit.
    public var directives: CacheDirectives

    public init(bytes: [UInt8], source: ImageSource, directives: CacheDirectives = .unspecified) {
        self.bytes = bytes
        self.source = source
        self.directives = directives
    }

    /// CRC-32 of `bytes`: what a variant records to notice that its original changed. Computed
    /// on demand, since fetching alone never needs it.
    public var checksum: UInt32 { CRC32.checksum(bytes) }
}
