import APIServer
import Foundation
import LoupePipeline
import LoupeImaging
import RickAndMortyAPI
import TestSupport
import Testing

/// The DocC article "Getting started", run: each of its snippets is here, line for line, against
/// the real loopback server, and a test holds the article to them.
@Suite struct GettingStartedTests {
    let temporary: TemporaryFolder

    init() throws {
        temporary = try TemporaryFolder()
    }

    static let article = TestData.repositoryRoot.appendingPathComponent("Sources/Generic/LoupePipeline/LoupePipeline.docc/GettingStarted.md")
    static let source = URL(fileURLWithPath: #filePath)

    @Test func everySnippetOfTheArticleIsRunHere() throws {
        let article = try String(contentsOf: Self.article, encoding: .utf8)
        let here = Set(try String(contentsOf: Self.source, encoding: .utf8).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        let snippets = article.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        #expect(snippets.count == 5)
        for line in snippets.flatMap({ $0.split(separator: "\n") }) {
            #expect(here.contains(line.trimmingCharacters(in: .whitespaces)), "not run by GettingStartedTests: \(line)")
        }
    }

    @Test func theArticlesSnippetsWork() async throws {
        let cacheFolder = temporary.url
        try await TestData.withServer { base in
            let url = base.appendingPathComponent("character/avatar/1.jpeg")
            let urls = (2...9).map { base.appendingPathComponent("character/avatar/\($0).jpeg") }

            var configuration = ImagePipeline.Configuration()
            configuration.dataCache = try DiskCache(root: cacheFolder)
            let pipeline = ImagePipeline(configuration: configuration)

            let request = ImageRequest(
                url: url, processors: [ImageProcessors.Resize(side: 128), ImageProcessors.Circle()])
            let response = try await pipeline.image(for: request)
            let png = try PNGEncoder().encode(response.image)
            #expect(response.urlResponse?.status == .ok && response.image.width == 128)
            #expect(try ImageDecoder().decode(png) == response.image)

            let task = pipeline.imageTask(with: ImageRequest(url: url, priority: .low))
            task.priority = .high
            let image = try await task.response.image
            let bytes = task.currentProgress.completed
            #expect(image.width == 300 && bytes == 0, "the original came from disk: nothing was downloaded")

            let prefetcher = ImagePrefetcher(pipeline: pipeline, maxConcurrentRequestCount: 4)
            prefetcher.startPrefetching(with: urls.map { ImageRequest(url: $0, processors: [ImageProcessors.Resize(side: 64)]) })
            await prefetcher.finish()
            #expect(await pipeline.statistics.downloads == 9 && prefetcher.counts == (done: 8, failed: 0))

            let offline = ImagePipeline(configuration: .init(dataLoader: nil, dataCache: try DiskCache(root: cacheFolder)))
            let cached = try await offline.image(for: request)
            #expect(cached.cacheType == .disk && cached.image == response.image)
        }
    }
}
