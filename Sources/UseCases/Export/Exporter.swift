import FoundationEssentials
import LoupePipeline
import RickAndMortyAPI
import SystemPackage
import LoupeToolbox

/// Exports the avatars of a listing to a folder: lists the characters, runs an `CharacterExporter` for
/// each a window at a time (`Workload.mixed`), and writes the manifest.
///
/// Like `CacheWarmer`, it goes on past what fails: a listing page that fails after the transport's
/// retries is reported (its characters are not known) and the others are exported; a character
/// whose avatar cannot be had is reported and the others are exported. When the host goes away
/// or the deadline passes (`BatchStop`), no more characters are started, and the report says
/// how many were not. Only a file that cannot be written stops it with an error (`ExportError`).
package struct Exporter: Sendable {
    /// Which characters.
    package enum Selection: Sendable, Hashable {
        case all
        case search(CharacterQuery)
        case ids([Int])
    }

    package let client: any RickAndMortyClient
    package let images: ImagePipeline
    /// What to write for each character (`digits` is set from the listing).
    package var plan: CharacterExporter
    /// The files the command writes besides the avatars (`manifest.json`, `index.html`,
    /// `sheet.png`), checked for clashes with them.
    package var extras: [String] = []
    /// The API's `host:port`: an avatar host gone stops the batch only when it is this one
    /// (`BatchStop`); `nil`: any host.
    package var apiHost: String?

    package init(client: any RickAndMortyClient, images: ImagePipeline, plan: CharacterExporter) {
        self.client = client
        self.images = images
        self.plan = plan
    }

    /// Exports `selection`; `progress` sees (done, total) from any task. Throws when the listing's
    /// first page or the id batch cannot be had, two characters' files would have one name
    /// (`ExportNameClash`, before any is written), files export did not write are in the way
    /// (`ExportClashes`, every one, before any is written; unless `plan.force`), or a file cannot
    /// be written.
    package func run(_ selection: Selection, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) async throws
        -> ExportReport
    {
        var report = ExportReport()
        let characters = try await list(selection, failedPages: &report.failedPages)
        report.listed = characters
        if case .ids(let ids) = selection {
            let found = Set(characters.map(\.id))
            var seen = Set<Int>()
            report.unknownIDs = ids.filter { !found.contains($0) && seen.insert($0).inserted }
        }
        var plan = self.plan
        plan.digits = max(plan.digits, String(characters.map(\.id).max() ?? 0).count)
        try plan.checkNames(characters)
        let clashes = await plan.clashes(characters, extras: extras, images: self.images)
        if !clashes.isEmpty, !plan.force { throw ExportClashes(folder: plan.folder.path, clashes: clashes) }
        // Claimed in the manifest before any is written: a run killed half way is resumed, not refused.
        if !plan.dryRun, extras.contains(ExportFolder.manifestName) {
            _ = try Self.write(plan.existing.claiming(plan.plannedNames(characters)), json: true, csv: false, to: plan.folder)
        }
        let images = self.images
        var entries: [Int: ExportManifest.Character] = [:]
        var files: [Int: [ExportFile]] = [:]
        var done = 0
        var stop: ExportError?
        let halted = Locked(false)
        await BoundedWork.forEachAsCompleted(characters, .mixed) { [plan] character -> Result<CharacterExporter.Outcome, ExportError>? in
            // After a stop, nothing new starts.
            if halted.withLock({ $0 }) { return nil }
            do throws(ExportError) {
                return .success(try await plan.export(character, images: images))
            } catch {
                return .failure(error)
            }
        } completed: { _, outcome in
            done += 1
            progress(done, characters.count)
            switch outcome {
            case nil:
                report.notStarted += 1
            case .success(.done(let entry, let done))?:
                entries[entry.id] = entry
                files[entry.id] = done
            case .success(.failed(let failure))?:
                report.failures.append(failure)
                if report.stop == nil, let cause = BatchStop(failure.error, apiHost: apiHost) {
                    report.stop = cause
                    report.doneAtStop = entries.count
                    halted.withLock { $0 = true }
                }
            case .failure(let error)?:
                stop = stop ?? error
            }
        }
        if let stop { throw stop }
        report.failures.sort { $0.id < $1.id }
        report.manifest = ExportManifest(characters: characters.compactMap { entries[$0.id] })
        report.files = characters.flatMap { files[$0.id] ?? [] }
        return report
    }

    /// The characters selected, in listing order; failed pages after the first are noted.
    private func list(_ selection: Selection, failedPages: inout [ExportReport.PageFailure]) async throws
        -> [RMCharacter]
    {
        let query: CharacterQuery
        switch selection {
        case .ids(let ids): return try await client.characters(ids: ids)
        case .all: query = CharacterQuery()
        case .search(let search): query = search
        }
        let first = try await client.characters(query)
        guard first.hasNext else { return first.items }
        let numbers = Array((query.page + 1)...first.pages)
        let outcomes = await client.pages(query, numbers: numbers)
        var characters = first.items
        for number in numbers {
            switch outcomes[number] {
            case .success(let page)?: characters += page.items
            case .failure(let error)?: failedPages.append(ExportReport.PageFailure(page: number, error: error))
            case nil: break
            }
        }
        return characters
    }

    /// Writes `manifest` as `manifest.json` and/or `manifest.csv` in `folder`; the names written.
    package static func write(_ manifest: ExportManifest, json: Bool, csv: Bool, to folder: URL) throws(ExportError)
        -> [String]
    {
        var files: [(String, [UInt8])] = []
        if json { files.append((ExportFolder.manifestName, manifest.encoded())) }
        if csv { files.append(("manifest.csv", Array(manifest.csv().utf8))) }
        for (name, bytes) in files {
            let path = folder.appendingPathComponent(name).path
            do {
                try AtomicFile.write(bytes, to: path, makingFolders: true)
            } catch {
                throw ExportError(path: path, underlying: error)
            }
        }
        return files.map(\.0)
    }
}

/// Why an export stopped: a file in the export folder could not be written (a full or
/// read-only disk), which no other character could get past either.
package struct ExportError: Error, Sendable, CustomStringConvertible {
    /// The file that could not be written.
    package var path: String
    package var underlying: Errno

    package init(path: String, underlying: Errno) {
        self.path = path
        self.underlying = underlying
    }

    package var description: String { "\(path): cannot write it (\(underlying))" }
}
