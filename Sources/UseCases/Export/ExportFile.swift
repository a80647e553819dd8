/// One file of an export as planned or done: its name, whether it is (or would be) written or
/// left as it is, and its size.
package struct ExportFile: Sendable, Hashable {
    package var name: String
    /// Written (or, in a dry run, would be); otherwise already there and unchanged.
    package var written: Bool
    /// Its size in bytes; `nil` in a dry run when the avatar it is made from is not cached.
    package var bytes: Int?

    package init(name: String, written: Bool, bytes: Int?) {
        (self.name, self.written, self.bytes) = (name, written, bytes)
    }
}
