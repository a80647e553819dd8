import RickAndMortyAPI

/// What an `Exporter` run did: the manifest, the files written or left, the counts, the failures.
package struct ExportReport: Sendable {
    package var manifest = ExportManifest(characters: [])
    /// The characters the listing gave, in its order (those of failed pages are not known).
    package var listed: [RMCharacter] = []
    /// The characters exported, in listing order.
    package var exported: [RMCharacter] {
        let done = Set(manifest.characters.map(\.id))
        return listed.filter { done.contains($0.id) }
    }
    package var characters = BatchCount()
    /// Every file, written (or in a dry run, to be) or already there and unchanged, in listing order.
    package var files: [ExportFile] = []
    package var written: Int { files.count { $0.written } }
    package var skipped: Int { files.count { !$0.written } }
    /// Listing pages that could not be had (their characters are not known), then characters, by id.
    package var failures: [BatchFailure] = []
    /// Ids asked for (`Selection.ids`) that the API has no character for, in the order asked.
    package var unknownIDs: [Int] = []
    package var stop: BatchStop?

    package var failedPages: Int { failures.count { if case .page = $0.item { true } else { false } } }

    package var failed: Int { failures.count }
}

/// One file of an export as planned or done.
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
