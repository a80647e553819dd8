/// One verified entry read from disk: its metadata and its bytes.
public struct DiskEntry: Sendable, Hashable {
    public var metadata: EntryMetadata
    public var body: [UInt8]

    public init(metadata: EntryMetadata, body: [UInt8]) {
        self.metadata = metadata
        self.body = body
    }
}
