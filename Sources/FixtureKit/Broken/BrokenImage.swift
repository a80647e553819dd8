/// A damaged image file and what was done to it.
public struct BrokenImage: Sendable, Hashable {
    /// The kind of damage, e.g. `truncated`, `png-crc`.
    public var damage: String
    /// What exactly, e.g. `progressive JPEG cut at 4096 of 20480 bytes`.
    public var detail: String
    public var bytes: [UInt8]

    public init(damage: String, detail: String, bytes: [UInt8]) {
        self.damage = damage
        self.detail = detail
        self.bytes = bytes
    }
}
