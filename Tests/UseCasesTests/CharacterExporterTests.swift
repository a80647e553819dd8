import Foundation
import RickAndMortyAPI
import TestSupport
import Testing
import UseCases

/// `CharacterExporter` against the real loopback server, into real folders.
@Suite struct CharacterExporterTests {
    /// A file put at a name after the folder was read (another program, another export at once)
    /// is left as it is: that character fails naming it, and nothing else is written for it.
    @Test func aFileThatAppearsAfterTheFolderWasReadIsLeftAsItIs() async throws {
        try await TestData.withServer { base in
            let cache = try TemporaryFolder()
            let out = try TemporaryFolder()
            let client = TestData.client(base)
            let images = try TestData.images(base, cacheIn: cache.url, transport: client.transport)
            let rick = try await client.character(id: 1)
            let plan = CharacterExporter(
                folder: out.url, original: false, sizes: [64, 32], format: .png, quality: 90, ring: false,
                existing: ExportFolder.read(out.url), digits: 4)
            let theirs = Data("someone else's\n".utf8)
            let name = "0001-rick-sanchez-64.png"
            try theirs.write(to: out.appendingPathComponent(name))
            guard case .failed(let failure) = try await plan.export(rick, images: images) else {
                Issue.record("the export went on over \(name)")
                return
            }
            let appeared = try #require(failure.error as? ExportFileAppeared)
            #expect(appeared.path == out.appendingPathComponent(name).path)
            #expect(try Data(contentsOf: out.appendingPathComponent(name)) == theirs)
            #expect(try FileManager.default.contentsOfDirectory(atPath: out.url.path) == [name], "no temporary file, no 32 px")
            // Where the folder held it when read, and with force, it is the export's to write.
            let forced = CharacterExporter(
                folder: out.url, original: false, sizes: [64], format: .png, quality: 90, ring: false,
                existing: ExportFolder.read(out.url), digits: 4, force: true)
            guard case .done = try await forced.export(rick, images: images) else {
                Issue.record("--force did not replace \(name)")
                return
            }
            #expect(try Data(contentsOf: out.appendingPathComponent(name)) != theirs)
        }
    }
}
