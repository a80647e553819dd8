import FoundationEssentials
import LoupePipeline
import RickAndMortyAPI
import SystemPackage
import LoupeToolbox

/// Exports the avatars of a listing to a folder, a `CharacterExporter` a window at a time. As
/// `CacheWarmer`, it goes on past failures and stops at a `BatchStop`; an `ExportError` stops it.
package struct Exporter: Sendable {
    package enum Selection: Sendable, Hashable {
        case all
        case search(CharacterQuery)
        case ids([Int])
    }

    package let client: any RickAndMortyClient
    package let images: ImagePipeline
    package var plan: CharacterExporter
    /// The files the command writes besides the avatars, checked for clashes.
    package var extras: [String] = []
    /// As `CacheWarmer`'s: the API's `host:port`, and the command's whole deadline.
    package var apiHost: String?
    package var deadline: ContinuousClock.Instant?

    package init(client: any RickAndMortyClient, images: ImagePipeline, plan: CharacterExporter) {
        self.client = client
        self.images = images
        self.plan = plan
    }

    /// Exports `selection`. Throws when the listing cannot be had, before anything is written on
    /// `ExportNameClash` or `ExportClashes` (unless `plan.force`), or when a file cannot be written.
    package func run(_ selection: Selection, progress: @escaping @Sendable (BatchCount) -> Void = { _ in }) async throws
        -> ExportReport
    {
        var report = ExportReport()
        let (characters, announced) = try await list(selection, failures: &report.failures)
        report.listed = characters
        report.characters.asked = max(announced, characters.count)
        progress(report.characters)
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
        let (images, apiHost) = (self.images, self.apiHost)
        let deadline = Deadline(self.deadline)
        let asked = report.characters.asked
        // At the deadline the characters' work is cancelled (their requests end by their own).
        let done = await deadline.within { [plan] () -> Outcomes in
            var done = Outcomes(count: BatchCount(asked: asked))
            let halted = Locked(false)
            await BoundedWork.forEachAsCompleted(characters, .mixed) {
                character -> Result<CharacterExporter.Outcome, ExportError>? in
                // After a stop or the deadline, nothing new starts.
                if halted.withLock({ $0 }) || deadline.hasPassed { return nil }
                do throws(ExportError) {
                    return .success(try await plan.export(character, images: images, deadline: deadline))
                } catch {
                    return .failure(error)
                }
            } completed: { character, outcome in
                var cause: BatchStop?
                switch outcome {
                case nil:
                    cause = deadline.hasPassed ? .deadlinePassed : nil
                case .success(.done(let entry, let files))?:
                    done.entries[entry.id] = entry
                    done.files[entry.id] = files
                    done.count.done += 1
                case .success(.failed(let failure))? where BatchStop.neverSent(failure.error):
                    // Its request waited in this process until the deadline: not started.
                    cause = .deadlinePassed
                case .success(.failed(let failure))?:
                    done.failures[character.id] = failure
                    done.count.failed += 1
                    cause = BatchStop(failure.error, apiHost: apiHost)
                case .failure(let error)?:
                    done.writeFailure = done.writeFailure ?? error
                }
                if done.stop == nil, let cause {
                    done.stop = cause
                    halted.withLock { $0 = true }
                }
                progress(done.count)
            }
            return done
        }
        if let failure = done.writeFailure { throw failure }
        let (entries, files) = (done.entries, done.files)
        report.characters = done.count
        report.stop = done.stop
        report.failures += done.failures.sorted { $0.key < $1.key }.map(\.value)
        report.manifest = ExportManifest(characters: characters.compactMap { entries[$0.id] })
        report.files = characters.flatMap { files[$0.id] ?? [] }
        return report
    }

    /// The characters selected, in listing order, and how many the listing announced.
    private func list(_ selection: Selection, failures: inout [BatchFailure]) async throws
        -> (characters: [RMCharacter], announced: Int)
    {
        let query: CharacterQuery
        switch selection {
        case .ids(let ids):
            let characters = try await client.characters(ids: ids)
            return (characters, characters.count)
        case .all: query = CharacterQuery()
        case .search(let search): query = search
        }
        let outcomes = try await client.everyPage(query)
        var characters: [RMCharacter] = []
        for (number, outcome) in outcomes.sorted(by: { $0.key < $1.key }) {
            switch outcome {
            case .success(let page): characters += page.items
            case .failure(let error): failures.append(BatchFailure(.page(.character, number), error))
            }
        }
        // Pages before the one asked for are not exported: only a whole listing's count is known.
        let announced = query.page == 1 && outcomes.count > 1 ? (try? outcomes[1]?.get())?.count : nil
        return (characters, announced ?? characters.count)
    }

    private struct Outcomes: Sendable {
        var count: BatchCount
        var entries: [Int: ExportManifest.Character] = [:]
        var files: [Int: [ExportFile]] = [:]
        var failures: [Int: BatchFailure] = [:]
        var stop: BatchStop?
        var writeFailure: ExportError?
    }

    /// Writes `manifest.json` and/or `manifest.csv` in `folder`; returns the names written.
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

/// Why an export stopped: a file in the export folder could not be written.
package struct ExportError: Error, Sendable, CustomStringConvertible {
    package var path: String
    package var underlying: Errno

    package init(path: String, underlying: Errno) {
        self.path = path
        self.underlying = underlying
    }

    package var description: String { "\(path): cannot write it (\(underlying))" }
}
