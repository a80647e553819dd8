import FoundationEssentials
import ImageCache
import Imaging
import RickAndMortyAPI
import Toolbox

/// What an export writes for one character, and how: the original as served, thumbnails
/// at each size, each file skipped when it is already there and unchanged.
public struct ExportPlan: Sendable {
    /// How thumbnails are encoded.
    public enum ThumbnailFormat: Sendable {
        /// Circular, transparent corners.
        case png
        /// Square, opaque, through libjpeg.
        case jpeg
    }

    /// What exporting one character came to.
    public enum Outcome: Sendable {
        /// Exported: `written` files new or changed, `skipped` already there and unchanged.
        case done(ExportManifest.Character, written: Int, skipped: Int)
        /// The character could not be exported (its avatar could not be had or decoded).
        case failed(ExportReport.Failure)
    }

    public let folder: URL
    public let original: Bool
    public let sizes: [Int]
    public let format: ThumbnailFormat
    public let quality: Int
    public let ring: Bool
    /// The last run's manifest entries, by id.
    let previous: [Int: ExportManifest.Character]
    /// Digits of the zero-padded id.
    public var digits: Int

    public init(
        folder: URL, original: Bool, sizes: [Int], format: ThumbnailFormat, quality: Int, ring: Bool,
        previous: ExportManifest?, digits: Int
    ) {
        self.folder = folder
        self.original = original
        self.sizes = sizes
        self.format = format
        self.quality = quality
        self.ring = ring
        self.previous = Dictionary(
            (previous?.characters ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.digits = digits
    }

    /// Exports one character. Throws only when a file cannot be written (a full or read-only
    /// disk), which stops the whole export; anything else is `.failed` for this character.
    public func export(_ character: RMCharacter, images: ImagePipeline) async throws(ExportError) -> Outcome {
        func failure(_ error: any Error) -> Outcome {
            .failed(ExportReport.Failure(id: character.id, name: character.name, error: error))
        }
        let source: [UInt8]
        do {
            source = try await images.data(for: ImageRequest(url: character.imageURL)).bytes
        } catch {
            return failure(error)
        }
        let sourceSHA = ContentDigest.sha256(source)
        let before = previous[character.id].flatMap { $0.sourceSHA256 == sourceSHA ? $0 : nil }
        let stem = FileSlug.stem(id: character.id, name: character.name, digits: digits)
        var files: [ExportManifest.File] = []
        var written = 0
        var skipped = 0
        do {
            for output in outputs(stem: stem, source: source) {
                let file = folder.appendingPathComponent(output.name)
                // Unchanged since the last run: the same source, the same bytes on disk.
                if let old = before?.files.first(where: { $0.name == output.name }),
                    let disk = FileSystem.read(file.path), ContentDigest.sha256(disk) == old.sha256
                {
                    files.append(old)
                    skipped += 1
                    continue
                }
                let made = try await make(output, of: character, source: source, images: images)
                if let disk = FileSystem.read(file.path), disk == made.bytes {
                    skipped += 1
                } else {
                    do {
                        try AtomicFile.write(made.bytes, to: file.path)
                    } catch {
                        throw ExportError(path: file.path, underlying: error)
                    }
                    written += 1
                }
                files.append(
                    ExportManifest.File(
                        name: output.name, kind: output.size == nil ? "original" : "thumbnail", bytes: made.bytes.count,
                        width: made.width, height: made.height, sha256: ContentDigest.sha256(made.bytes)))
            }
        } catch let error as ExportError {
            throw error
        } catch {
            return failure(error)
        }
        let entry = ExportManifest.Character(
            id: character.id, name: character.name, status: character.status.rawValue, species: character.species,
            sourceURL: character.imageURL.absoluteString, sourceSHA256: sourceSHA, files: files)
        return .done(entry, written: written, skipped: skipped)
    }

    /// One file to write: its name, and its size (`nil` for the original).
    private struct Output {
        var name: String
        var size: Int?
    }

    private func outputs(stem: String, source: [UInt8]) -> [Output] {
        var outputs: [Output] = []
        if original {
            // Named by what the bytes are, not by the URL: a third of the `.jpeg` avatars are PNG.
            let extensionName = ImageSniffer.format(of: source) == .png ? "png" : "jpg"
            outputs.append(Output(name: "\(stem).\(extensionName)", size: nil))
        }
        let extensionName = format == .png ? "png" : "jpg"
        outputs += sizes.map { Output(name: "\(stem)-\($0).\(extensionName)", size: $0) }
        return outputs
    }

    /// The file's bytes and pixel size: the original as served, or a thumbnail the pipeline makes
    /// from it (decoded at the smallest scale that serves the size, as a view's) and keeps in
    /// neither cache: an export's hundreds of large thumbnails would only push out the views'.
    private func make(
        _ output: Output, of character: RMCharacter, source: [UInt8], images: ImagePipeline
    ) async throws -> (bytes: [UInt8], width: Int, height: Int) {
        guard let size = output.size else {
            let dimensions = try ImageDecoder().size(of: source)
            return (source, dimensions.width, dimensions.height)
        }
        let processor: any ImageProcessing =
            switch format {
            case .png: ImageProcessors.Circle(size: size, ring: ring ? StatusColours.ring(for: character.status) : nil)
            case .jpeg: ImageProcessors.Square(size: size)
            }
        let request = ImageRequest(
            url: character.imageURL, processors: [processor], options: [.disableMemoryCacheWrites, .disableDiskCacheWrites])
        let image = try await images.image(for: request).image
        let bytes = try format == .png ? PNGEncoder().encode(image) : JPEGEncoder(quality: quality).encode(image)
        return (bytes, size, size)
    }
}
