import FoundationEssentials
import LoupePipeline
import LoupeImaging
import RickAndMortyAPI
import LoupeToolbox
import SystemPackage

/// What an export writes for one character: the original and a thumbnail per size, each skipped
/// when there and unchanged. A dry run does the same from the cache alone and writes nothing.
package struct CharacterExporter: Sendable {
    /// How thumbnails are encoded: circular with transparent corners, or square and opaque.
    package enum ThumbnailFormat: Sendable {
        case png, jpeg
    }

    /// Exported (or, in a dry run, planned), or failed.
    package enum Outcome: Sendable {
        case done(ExportManifest.Character, files: [ExportFile])
        case failed(BatchFailure)
    }

    package let folder: URL
    package let original: Bool
    package let sizes: [Int]
    package let format: ThumbnailFormat
    package let quality: Int
    package let ring: Bool
    /// PNG thumbnails always in full RGBA, never with a palette (`PNGEncoder.encodeCompact`).
    package let lossless: Bool
    package let naming: FileNameTemplate
    package let dryRun: Bool
    package let existing: ExportFolder
    /// Replaces files in the way (`ExportClash`) instead of refusing to start.
    package let force: Bool
    let previous: [Int: ExportManifest.Character]
    package var digits: Int
    /// The root the manifest's source URLs are written under (`--json`'s).
    package var root = APIRoot.realService

    func sourceURL(_ character: RMCharacter) -> String {
        root.url(for: character.image)?.absoluteString ?? character.image.description
    }

    package init(
        folder: URL, original: Bool, sizes: [Int], format: ThumbnailFormat, quality: Int, ring: Bool,
        existing: ExportFolder? = nil, digits: Int, lossless: Bool = false, naming: FileNameTemplate = .standard,
        dryRun: Bool = false, force: Bool = false
    ) {
        self.folder = folder
        let existing = existing ?? ExportFolder(url: folder, present: [], manifest: nil)
        self.existing = existing
        self.force = force
        let previous = existing.manifest
        self.original = original
        self.sizes = sizes
        self.format = format
        self.quality = quality
        self.ring = ring
        self.previous = Dictionary(
            (previous?.characters ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.digits = digits
        self.lossless = lossless
        self.naming = naming
        self.dryRun = dryRun
    }

    /// Throws when two of `characters` would have a file of one name, ignoring case as some file
    /// systems do.
    package func checkNames(_ characters: [RMCharacter]) throws(ExportNameClash) {
        var owners: [String: RMCharacter] = [:]
        for character in characters {
            // An original's extension is known only from its bytes: the clash is judged on jpg.
            for output in outputs(of: character, originalExtension: "jpg") {
                let key = output.name.lowercased()
                if let owner = owners[key], owner.id != character.id {
                    throw ExportNameClash(name: output.name, first: owner, second: character)
                }
                owners[key] = character
            }
        }
    }

    /// The files of `characters` and `extras` in the way (`ExportClash`), in order. An original's
    /// ending is its bytes': where a file of its name is there, the avatar is had first to tell.
    package func clashes(_ characters: [RMCharacter], extras: [String], images: ImagePipeline) async -> [ExportClash] {
        var clashes: [ExportClash] = []
        for character in characters {
            for output in outputs(of: character, originalExtension: "jpg") {
                guard output.size == nil else {
                    clashes += [existing.clash(writing: output.name, for: character.id)].compactMap { $0 }
                    continue
                }
                let named = ["jpg", "png"].map { ($0, naming.name(of: character, size: nil, ext: $0, digits: digits)) }
                var found = named.compactMap { ext, name in existing.clash(writing: name, for: character.id).map { (ext, $0) } }
                guard !found.isEmpty else { continue }
                if let source = try? await images.data(
                    for: ImageRequest(character.image, options: dryRun ? [.returnCacheDataDontLoad] : [])
                ).bytes {
                    let ext = ImageSniffer.format(of: source) == .png ? "png" : "jpg"
                    found.removeAll { $0.0 != ext }
                }
                clashes += found.map(\.1)
            }
        }
        return clashes + extras.compactMap { existing.clash(writing: $0, for: nil) }
    }

    /// Every name `characters` could be written under (an original under both endings).
    package func plannedNames(_ characters: [RMCharacter]) -> [String] {
        characters.flatMap { character in
            outputs(of: character, originalExtension: "jpg").flatMap { output in
                output.size == nil
                    ? ["jpg", "png"].map { naming.name(of: character, size: nil, ext: $0, digits: digits) } : [output.name]
            }
        }
    }

    /// Exports one character; throws only when a file cannot be written, which stops the export.
    /// Cut short by `deadline`, it fails with `BatchStop.deadlinePassed`.
    package func export(
        _ character: RMCharacter, images: ImagePipeline, deadline: Deadline = Deadline(nil)
    ) async throws(ExportError) -> Outcome {
        let request = ImageRequest(character.image, options: dryRun ? [.returnCacheDataDontLoad] : [])
        let loaded = await deadline.exempt { () -> Result<[UInt8], any Error> in
            do { return .success(try await images.data(for: request).bytes) } catch { return .failure(error) }
        }
        let source: [UInt8]
        switch loaded {
        case .success(let bytes): source = bytes
        case .failure(ImagePipeline.Error.dataMissingInCache) where dryRun: return plannedWithoutSource(character)
        case .failure(let error): return failed(character, error)
        }
        let outcome = try await export(character, source: source, images: images, deadline: deadline)
        if case .failed(let failure) = outcome, BatchStop.cutOff(failure.error, by: deadline.instant) {
            return failed(character, BatchStop.deadlinePassed)
        }
        return outcome
    }

    private func failed(_ character: RMCharacter, _ error: any Error) -> Outcome {
        .failed(BatchFailure(.avatar(id: character.id, name: character.name), error))
    }

    private func entry(_ character: RMCharacter, sourceSHA: String, files: [ExportManifest.File])
        -> ExportManifest.Character
    {
        ExportManifest.Character(
            id: character.id, name: character.name, status: character.status.rawValue, species: character.species,
            sourceURL: sourceURL(character), sourceSHA256: sourceSHA, files: files,
            origin: character.origin.name, location: character.location.name, episodes: character.episodeIDs.count)
    }

    private func export(
        _ character: RMCharacter, source: [UInt8], images: ImagePipeline, deadline: Deadline
    ) async throws(ExportError) -> Outcome {
        let sourceSHA = ContentDigest.sha256(source)
        let before = previous[character.id].flatMap { $0.sourceSHA256 == sourceSHA ? $0 : nil }
        let originalExtension = ImageSniffer.format(of: source) == .png ? "png" : "jpg"
        var files: [ExportManifest.File] = []
        var actions: [ExportFile] = []
        do {
            for output in outputs(of: character, originalExtension: originalExtension) {
                let file = folder.appendingPathComponent(output.name)
                // Unchanged since the last run: the same source, the same bytes on disk.
                if let old = before?.files.first(where: { $0.name == output.name }),
                    let disk = ExportFolder.contents(of: file.path), ContentDigest.sha256(disk) == old.sha256
                {
                    files.append(old)
                    actions.append(ExportFile(name: output.name, written: false, bytes: old.bytes))
                    continue
                }
                if deadline.hasPassed { throw CancellationError() }
                let made = try await make(output, of: character, source: source, images: images)
                if let disk = ExportFolder.contents(of: file.path), disk == made.bytes {
                    actions.append(ExportFile(name: output.name, written: false, bytes: made.bytes.count))
                } else {
                    if !dryRun {
                        // A name that was free when the folder was read is taken only while free:
                        // a file another program (or export) put there since is left as it is.
                        let replacing = force || existing.wrote(output.name, for: character.id)
                        do {
                            if replacing {
                                try AtomicFile.write(made.bytes, to: file.path, makingFolders: true)
                            } else if try !Self.writeNew(made.bytes, to: file.path) {
                                return failed(character, ExportFileAppeared(path: file.path))
                            }
                        } catch {
                            throw ExportError(path: file.path, underlying: error)
                        }
                    }
                    actions.append(ExportFile(name: output.name, written: true, bytes: made.bytes.count))
                }
                files.append(
                    ExportManifest.File(
                        name: output.name, kind: output.size == nil ? "original" : "thumbnail", bytes: made.bytes.count,
                        width: made.width, height: made.height, sha256: ContentDigest.sha256(made.bytes)))
            }
        } catch let error as ExportError {
            throw error
        } catch {
            return failed(character, error)
        }
        return .done(entry(character, sourceSHA: sourceSHA, files: files), files: actions)
    }

    /// Writes `bytes` to `path` only if nothing is there (`RENAME_NOREPLACE`, else a look just
    /// before), making the folder; `false`, with nothing written, when something is there.
    private static func writeNew(_ bytes: [UInt8], to path: String) throws(Errno) -> Bool {
        let staged: StagedFile
        do {
            staged = try AtomicFile.stage(bytes, for: path)
        } catch .noSuchFileOrDirectory {
            try FileSystem.makeFolder(FileSystem.folder(of: path))
            staged = try AtomicFile.stage(bytes, for: path)
        }
        do {
            if try staged.commitUnlessPresent() { return true }
            if FileSystem.exists(path) {
                staged.discard()
                return false
            }
            try staged.commit()
            return true
        } catch {
            staged.discard()
            throw error
        }
    }

    /// A dry run's plan for an avatar not cached: a file the last run wrote, on disk as it was, is
    /// skipped; the others would be written at a size not known yet.
    private func plannedWithoutSource(_ character: RMCharacter) -> Outcome {
        let before = previous[character.id]
        let actions = outputs(of: character, originalExtension: "jpg").map { output -> ExportFile in
            // An original's extension is known only from its bytes: matched by the rest of its name.
            func stem(_ name: String) -> Substring { name[..<(name.lastIndex(of: ".") ?? name.endIndex)] }
            let old = before?.files.first { output.size == nil ? stem($0.name) == stem(output.name) : $0.name == output.name }
            if let old, let disk = ExportFolder.contents(of: folder.appendingPathComponent(old.name).path),
                ContentDigest.sha256(disk) == old.sha256
            {
                return ExportFile(name: old.name, written: false, bytes: old.bytes)
            }
            return ExportFile(name: output.name, written: true, bytes: nil)
        }
        return .done(entry(character, sourceSHA: "", files: []), files: actions)
    }

    /// `size` `nil`: the original.
    private struct Output {
        var name: String
        var size: Int?
    }

    /// The files of `character`: the original (named by what its bytes are, not by the URL: a
    /// third of the `.jpeg` avatars are PNG), then a thumbnail per size.
    private func outputs(of character: RMCharacter, originalExtension: String) -> [Output] {
        var outputs: [Output] = []
        if original {
            outputs.append(
                Output(name: naming.name(of: character, size: nil, ext: originalExtension, digits: digits), size: nil))
        }
        let extensionName = format == .png ? "png" : "jpg"
        outputs += sizes.map { Output(name: naming.name(of: character, size: $0, ext: extensionName, digits: digits), size: $0) }
        return outputs
    }

    /// The original as served, or a thumbnail kept in neither cache (an export's hundreds would
    /// push out the views').
    private func make(
        _ output: Output, of character: RMCharacter, source: [UInt8], images: ImagePipeline
    ) async throws -> (bytes: [UInt8], width: Int, height: Int) {
        guard let size = output.size else {
            let dimensions = try ImageDecoder().size(of: source)
            return (source, dimensions.width, dimensions.height)
        }
        let processor: any ImageProcessing =
            switch format {
            case .png: ImageProcessors.CircleThumbnail(size: size, ring: ring ? StatusColors.ring(for: character.status) : nil)
            case .jpeg: ImageProcessors.Square(size: size)
            }
        let request = ImageRequest(
            character.image, processors: [processor], options: [.disableMemoryCacheWrites, .disableDiskCacheWrites])
        let image = try await images.image(for: request).image
        // Encoding is long and cannot stop part way: not begun once the export is cancelled.
        try Task.checkCancellation()
        let bytes =
            switch format {
            case .png: try lossless ? PNGEncoder().encode(image) : PNGEncoder(compressionLevel: 6).encodeCompact(image)
            case .jpeg: try JPEGEncoder(quality: quality).encode(image)
            }
        return (bytes, size, size)
    }
}

/// Two characters whose files a name template would give one name.
package struct ExportNameClash: Error, CustomStringConvertible, Sendable {
    package var name: String
    package var first: RMCharacter
    package var second: RMCharacter

    package var description: String {
        "\(first.id) (\(first.name)) and \(second.id) (\(second.name)) would both be written as \(name)"
    }
}
