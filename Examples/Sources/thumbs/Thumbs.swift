import Foundation
import LoupePipeline
import LoupeImaging

/// Thumbnails of images from anywhere (http, https, file), through the Loupe image pipeline:
/// only `LoupePipeline` and `LoupeImaging`. A second run reads the disk cache, not the network;
/// `--offline` reads nothing else.
///
///     thumbs URL... [--size 128] [--circle] [--offline] [-o DIR]
///
/// Writes DIR/1.png, DIR/2.png… in the order given; on stderr, a line an image as it is done.
@main
struct Thumbs {
    static func main() async throws {
        var arguments = Array(CommandLine.arguments.dropFirst())
        func option(_ name: String) -> String? {
            guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
            defer { arguments.removeSubrange(index...index + 1) }
            return arguments[index + 1]
        }
        let size = Int(option("--size") ?? "128") ?? 128
        let output = URL(fileURLWithPath: option("-o") ?? "thumbs", isDirectory: true)
        let circle = arguments.contains("--circle")
        let offline = arguments.contains("--offline")
        let urls = arguments.filter { !$0.hasPrefix("--") }.compactMap(URL.init(string:))
        guard !urls.isEmpty else {
            FileHandle.standardError.write(Data("usage: thumbs URL... [--size 128] [--circle] [--offline] [-o DIR]\n".utf8))
            exit(1)
        }
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)

        // The pipeline: the default loader (libcurl; none offline) and memory tier, and a disk
        // cache that keeps the thumbnails as well as the originals.
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("thumbs-cache")
        var configuration = ImagePipeline.Configuration()
        configuration.dataCache = try DiskCache(root: cache)
        configuration.dataCachePolicy = .storeAll
        if offline { configuration.dataLoader = nil }
        let pipeline = ImagePipeline(configuration: configuration)
        let processors: [any ImageProcessing] = [.resize(side: size)] + (circle ? [.circle()] : [])

        var failed = 0
        await withTaskGroup(of: (Int, Result<ImageResponse, any Error>, ImageTask.Progress).self) { group in
            for (index, url) in urls.enumerated() {
                group.addTask {
                    let task = pipeline.imageTask(with: ImageRequest(url: url, processors: processors))
                    return (index, await Result(catching: { try await task.response }), task.currentProgress)
                }
            }
            var done = 0
            for await (index, result, loaded) in group {
                done += 1
                let progress = "[\(done)/\(urls.count)] \(urls[index].absoluteString)"
                switch result {
                case .success(let response):
                    let file = output.appendingPathComponent("\(index + 1).png")
                    do {
                        try Data(try PNGEncoder().encode(response.image)).write(to: file, options: .atomic)
                        let from = switch (response.cacheType, response.urlResponse?.status) {
                        case (.memory?, _): "memory"
                        case (.disk?, _): response.isStaleAfterError ? "disk, stale: the origin failed" : "disk"
                        case (nil, .notModified?): "disk, revalidated"
                        case (nil, _?): "network, \(loaded.completed) bytes"
                        case (nil, nil): "file"
                        }
                        print("\(progress): \(file.lastPathComponent), \(response.image.width)x\(response.image.height), "
                            + "from \(from)")
                    } catch {
                        failed += 1
                        FileHandle.standardError.write(Data("\(progress): cannot write \(file.path): \(error)\n".utf8))
                    }
                case .failure(let error):
                    failed += 1
                    FileHandle.standardError.write(Data("\(progress): \(error)\n".utf8))
                }
            }
        }
        let statistics = await pipeline.statistics
        print("\(urls.count - failed) of \(urls.count) written to \(output.path); "
            + "\(statistics.downloads) downloaded, cache in \(cache.path)")
        exit(failed == 0 ? 0 : 4)
    }
}

extension Result where Failure == any Error {
    /// The result of an async body.
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
