import Foundation
import LoupeToolbox
import LoupeImaging
import TestSupport
import Testing

@testable import LoupePipeline

/// `file://` requests: read only where the configuration reads them, only regular files, no more
/// of one than a download may be, and never quoted; a scheme the default loader does not load is
/// refused before anything is read or sent.
@Suite struct LocalFileTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// A pipeline with no loader and no caches: what it does comes from the request alone.
    func pipeline(readsFileURLs: Bool = true, cap: Int? = nil) -> ImagePipeline {
        ImagePipeline(
            configuration: .init(
                dataLoader: nil, imageCache: nil, maximumResponseDataSize: cap, readsFileURLs: readsFileURLs))
    }

    func failure(_ url: URL, _ images: ImagePipeline) async -> ImagePipeline.Error? {
        do {
            _ = try await images.data(for: ImageRequest(url: url))
            return nil
        } catch {
            return error
        }
    }

    @Test func anAdoptersOwnFileIsRead() async throws {
        let picture = folder.appendingPathComponent("a.jpeg")
        try FileManager.default.copyItem(at: TestData.fixtures.appendingPathComponent("avatars/1.jpeg"), to: picture)
        let data = try await pipeline().data(for: ImageRequest(url: picture))
        #expect(data.bytes == Array(try Data(contentsOf: picture)))
    }

    @Test func aPipelineThatReadsNoFilesRefusesThemUnread() async throws {
        let picture = folder.appendingPathComponent("a.jpeg")
        try FileManager.default.copyItem(at: TestData.fixtures.appendingPathComponent("avatars/1.jpeg"), to: picture)
        let images = pipeline(readsFileURLs: false)
        #expect(await failure(picture, images) == .urlRefused(url: picture.absoluteString))
        // Nor does a missing path say so: nothing is looked at.
        let missing = folder.appendingPathComponent("missing.jpeg")
        #expect(await failure(missing, images) == .urlRefused(url: missing.absoluteString))
    }

    /// Any scheme but `file` is the loader's: the default one loads http(s), refuses the rest.
    @Test(arguments: ["gopher://127.0.0.1:1/x", "data:image/png;base64,iVBORw0KGgo=", "ftp://127.0.0.1/a.png", "javascript:1"])
    func aSchemeTheDefaultLoaderDoesNotLoadIsRefused(_ text: String) async throws {
        let url = try #require(URL(string: text))
        let images = ImagePipeline(configuration: .init(imageCache: nil))
        #expect(await failure(url, images) == .urlRefused(url: text))
    }

    /// A FIFO with no writer would hold `open` for ever; a device would read without end.
    @Test func aFIFOADeviceOrAFolderIsRefusedUnread() async throws {
        let fifo = folder.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        for url in [fifo, URL(fileURLWithPath: "/dev/zero"), folder.url] {
            let error = await failure(url, pipeline())
            guard case .dataLoadingFailed(_, let cause as RegularFileRefusal)? = error else {
                Issue.record("\(url.path): \(String(describing: error))")
                continue
            }
            #expect(cause == .notRegular, "\(url.path)")
        }
    }

    @Test func aFileOverTheCapIsRefused() async throws {
        let large = folder.appendingPathComponent("large.png")
        try Data(count: 4096).write(to: large)
        #expect(await failure(large, pipeline(cap: 1024)) == .dataDownloadExceededMaximumSize(url: large.absoluteString))
    }

    /// A server's bytes are quoted to say what came instead of an image; a local file's never.
    @Test func aLocalFileThatIsNoImageIsNotQuoted() async throws {
        let text = folder.appendingPathComponent("notes.txt")
        try Data("root:*:0:0:secret".utf8).write(to: text)
        let error = await failure(text, pipeline())
        #expect(error == .notAnImage(url: text.absoluteString, firstBytes: ""))
        #expect(error.map { "\($0)" }?.contains("72 6F") == false)
    }
}
