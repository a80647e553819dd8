/// A damaged image file and what was done to it.
package struct BrokenImage: Sendable, Hashable {
    /// The kind of damage, e.g. `truncated`, `png-crc`.
    package var damage: String
    /// What exactly, e.g. `progressive JPEG cut at 4096 of 20480 bytes`.
    package var detail: String
    package var bytes: [UInt8]

    package init(damage: String, detail: String, bytes: [UInt8]) {
        self.damage = damage
        self.detail = detail
        self.bytes = bytes
    }
}
