/// How far a batch (warm's avatars, export's characters) got: each item counted once, by how it
/// ended, so that `done + failed + notStarted == asked` wherever the counts are shown.
package struct BatchCount: Sendable, Hashable {
    /// As many as the listing announced (its first page's count), or the ids found.
    package var asked: Int
    package var done: Int
    package var failed: Int

    package init(asked: Int = 0, done: Int = 0, failed: Int = 0) {
        (self.asked, self.done, self.failed) = (asked, done, failed)
    }

    /// Neither done nor failed (a stop, a failed page); while the batch runs, those still to come.
    package var notStarted: Int { max(0, asked - done - failed) }
}
