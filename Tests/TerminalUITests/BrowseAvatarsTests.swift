import Foundation
import LoupePipeline
import RickAndMortyAPI
import Synchronization
import TerminalKit
import TestSupport
import Testing

@testable import TerminalUI

/// Browse's avatars asked about again: a row at a time in the list's order, never more at once
/// than the pipeline loads.
@Suite struct BrowseAvatarsTests {
    /// The bundled avatars by file name, each load held for a few turns so that loads overlap; it
    /// records which avatar was asked for, in order, and the most loads in flight at once.
    final class Recorder: DataLoading {
        private let state = Mutex((asked: [String](), running: 0, most: 0))
        let folder = TestData.fixtures.appendingPathComponent("avatars")

        func loadData(for request: DataRequest, progress: @escaping @Sendable (Int, Int?) -> Void) async throws -> Download {
            state.withLock {
                $0.asked.append(request.url.lastPathComponent)
                $0.running += 1
                $0.most = max($0.most, $0.running)
            }
            defer { state.withLock { $0.running -= 1 } }
            for _ in 0..<20 { await Task.yield() }
            return Download(body: try [UInt8](Data(contentsOf: folder.appendingPathComponent(request.url.lastPathComponent))))
        }

        var asked: [String] { state.withLock { $0.asked } }
        var most: Int { state.withLock { $0.most } }
    }

    @Test func aRefreshAsksRowsInOrderNoMoreAtOnceThanThePipelineLoads() async throws {
        try await TestData.withServer { base in
            let rows = try await TestData.client(base).characters(CharacterQuery(page: 1)).items
            let folder = try TemporaryFolder()
            let recorder = Recorder()
            let limit = 3
            let images = ImagePipeline(
                configuration: .init(dataLoader: recorder, dataCache: try DiskCache(root: folder.url), dataLoadingLimit: limit))
            let capabilities = TerminalCapabilities(colorMode: .truecolor, graphics: .blocks, columns: 80)
            let avatars = BrowseAvatars(images: images, art: AvatarArt(capabilities: capabilities), logger: .disabled)
            let variant = BrowseView.avatarVariant(grid: false)
            let (changed, unchanged) = await avatars.refreshed(rows, variant)
            #expect(changed.count == rows.count && unchanged == 0, "nothing was cached: every avatar is new")
            let names = rows.map { avatars.art.request(variant, for: $0).url.lastPathComponent }
            #expect(recorder.asked.sorted() == names.sorted(), "each avatar asked for once")
            #expect(recorder.most <= limit)
            // The row asked for n-th is among the first n + limit: a lower row waits for the rows above it.
            for (turn, name) in recorder.asked.enumerated() {
                let row = try #require(names.firstIndex(of: name))
                #expect(row < turn + limit, "row \(row) asked for as the \(turn)th: \(recorder.asked)")
            }
        }
    }
}
