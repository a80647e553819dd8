import RickAndMortyAPI

/// What an `Exporter` run did: the manifest of what is in the folder, the files written and
/// left as they were, and what failed, named.
package struct ExportReport: Sendable {
    /// One character whose avatar could not be had or made.
    package struct Failure: Sendable {
        package var id: Int
        package var name: String
        /// Why, with its cause: the fetch or thumbnail error, or an `ExportError` naming the file.
        package var error: any Error
    }

    /// A listing page that could not be had after retries: its characters are not known.
    package struct PageFailure: Sendable {
        package var page: Int
        /// Why, with its cause (an `APIError`, say).
        package var error: any Error
    }

    /// Every character exported, by id.
    package var manifest = ExportManifest(characters: [])
    /// The characters the listing gave, in its order (those of failed pages are not known).
    package var listed: [RMCharacter] = []
    /// The characters exported, in listing order.
    package var exported: [RMCharacter] {
        let done = Set(manifest.characters.map(\.id))
        return listed.filter { done.contains($0.id) }
    }
    /// Every file, written (or in a dry run, to be) or already there and unchanged, in listing order.
    package var files: [ExportFile] = []
    package var written: Int { files.count { $0.written } }
    /// Files already there and unchanged.
    package var skipped: Int { files.count { !$0.written } }
    package var failures: [Failure] = []
    package var failedPages: [PageFailure] = []
    /// Ids asked for (`Selection.ids`) that the API has no character for, in the order asked.
    package var unknownIDs: [Int] = []

    /// Why the export stopped starting characters (its host went away, the deadline passed), if
    /// it did; the characters exported by then, and those never started.
    package var stop: BatchStop?
    package var doneAtStop = 0
    package var notStarted = 0

    package var failed: Int { failures.count + failedPages.count }
}

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
