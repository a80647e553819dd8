import RickAndMortyAPI

/// What an `Exporter` run did: the manifest of what is in the folder, the files written and
/// left as they were, and what failed, named.
public struct ExportReport: Sendable {
    /// One character whose avatar could not be had or made.
    public struct Failure: Sendable {
        public var id: Int
        public var name: String
        /// Why, with its cause: the fetch or thumbnail error, or an `ExportError` naming the file.
        public var error: any Error
    }

    /// A listing page that could not be had after retries: its characters are not known.
    public struct PageFailure: Sendable {
        public var page: Int
        /// Why, with its cause (an `APIError`, say).
        public var error: any Error
    }

    /// Every character exported, by id.
    public var manifest = ExportManifest(characters: [])
    /// The characters the listing gave, in its order (those of failed pages are not known).
    public var listed: [RMCharacter] = []
    /// The characters exported, in listing order.
    public var exported: [RMCharacter] {
        let done = Set(manifest.characters.map(\.id))
        return listed.filter { done.contains($0.id) }
    }
    /// Every file, written (or in a dry run, to be) or already there and unchanged, in listing order.
    public var files: [ExportFile] = []
    public var written: Int { files.count { $0.written } }
    /// Files already there and unchanged.
    public var skipped: Int { files.count { !$0.written } }
    public var failures: [Failure] = []
    public var failedPages: [PageFailure] = []
    /// Ids asked for (`Selection.ids`) that the API has no character for, in the order asked.
    public var unknownIDs: [Int] = []

    /// Why the export stopped starting characters (its host went away, the deadline passed), if
    /// it did; the characters exported by then, and those never started.
    public var stop: BatchStop?
    public var doneAtStop = 0
    public var notStarted = 0

    public var failed: Int { failures.count + failedPages.count }
}
