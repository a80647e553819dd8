/// One whole entry of a data cache: its metadata and its bytes.
public struct CacheEntry: Sendable, Hashable {
    public var metadata: EntryMetadata
    public var body: [UInt8]

    public init(metadata: EntryMetadata, body: [UInt8]) {
        self.metadata = metadata
        self.body = body
    }
}
