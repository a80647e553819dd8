import Foundation
import TestSupport
import Testing
import UseCases

@testable import LoupeImaging

/// `rickdex export --name`, `--dry-run` and `--lossless` as a process over the bundled data.
@Suite struct ExportNamingTests: ExportSuite {
    let temporary: TemporaryFolder

    init() throws {
        temporary = try TemporaryFolder()
    }

    func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
    }

    @Test func aTemplateNamesTheFilesAndTheManifestSaysSo() async throws {
        let result = try await export(["--ids", "1,6", "--sizes", "32", "--original", "--name", "{species}-{id}-{name}_{size}"])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try files()
        #expect(names.contains("human-0001-rick-sanchez_32.png") && names.contains("human-0006-flansian-hoskins_32.png"), "\(names)")
        #expect(names.contains { $0.hasPrefix("human-0001-rick-sanchez_original.") }, "\(names)")
        let manifest = try JSONDecoder().decode(ExportManifest.self, from: Data(contentsOf: out.appendingPathComponent("manifest.json")))
        #expect(Set(manifest.characters.flatMap { $0.files.map(\.name) }) == Set(names).subtracting(["manifest.json"]))
    }

    /// Namesakes under `{name}` alone: refused before any avatar is written, naming both.
    @Test func twoCharactersGivenOneNameAreRefusedNamingBoth() async throws {
        let namesakes = TestData.fixturesDataset.characters.filter { $0.name == "Dipper Rick" }.map(\.id)
        try #require(namesakes.count == 2)
        let result = try await export(["--ids", "1-5,\(namesakes[0]),\(namesakes[1])", "--sizes", "32", "--name", "{name}"])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "rickdex: \(namesakes[0]) (Dipper Rick) and \(namesakes[1]) (Dipper Rick) would both be written as dipper-rick-32.png"),
            "\(result.stderr)")
        #expect(result.stderr.contains("Put {id} in --name"))
        #expect(!FileManager.default.fileExists(atPath: out.path), "a refused export leaves no folder")
    }

    @Test func aBadTemplateIsAUsageErrorBeforeAnyWork() async throws {
        let result = try await export(["--all", "--name", "{id}-{nmae}"])
        #expect(result.status == 1 && result.stderr.contains("unknown field {nmae}"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    /// A dry run writes and downloads nothing: before any export it lists every file as to be
    /// written, sized when the avatar is cached; after one, what is there and unchanged as skipped.
    @Test func aDryRunListsWhatWouldBeWrittenAndWritesNothing() async throws {
        let cold = try await export(["--ids", "1-3", "--sizes", "32", "--original", "--dry-run"])
        #expect(cold.status == 0, "\(cold.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let coldLines = cold.stdout.split(separator: "\n")
        #expect(coldLines.filter { $0.hasPrefix("write         ?  ") }.count == 6, "\(cold.stdout)")
        #expect(cold.stdout.contains("would write 6 files (0 B and 6 of a size not known: their avatars are not cached)"))
        #expect(cold.stdout.contains("nothing was written or downloaded"))
        // Nothing was downloaded: the cache holds no avatar.
        let stats = try await RickdexProcess.run(["cache", "stats", "--json", "--exact"], environment: environment)
        let usage = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])["usage"]
        let kinds = try #require((usage as? [String: Any])?["byKind"] as? [String: Any])
        #expect(Set(kinds.keys) == ["response"], "\(stats.stdout)")

        let real = try await export(["--ids", "1-3", "--sizes", "32", "--original"])
        #expect(real.status == 0, "\(real.stderr)")
        let written = try files()
        let warm = try await export(["--ids", "1-4", "--sizes", "32", "--original", "--dry-run"])
        #expect(warm.status == 0, "\(warm.stderr)")
        #expect(try files() == written)
        let lines = warm.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("skip ") }.count == 6, "\(warm.stdout)")
        let beth = FileSlug.stem(id: 4, name: "Beth Smith", digits: 4)
        #expect(lines.contains { $0.hasPrefix("write         ?  \(beth).jpg") }, "\(warm.stdout)")
        #expect(warm.stdout.contains("skip 6 already there and unchanged"))
    }

    /// PNG thumbnails take a palette where it looks alike (the painted avatars' flat colors),
    /// less than half the bytes of the RGBA ones `--lossless` writes, and alike (SSIM 0.99 or more).
    @Test func thumbnailsTakeAPaletteUnlessLossless() async throws {
        let compact = try await export(["--ids", "1-6", "--sizes", "128"])
        #expect(compact.status == 0, "\(compact.stderr)")
        let names = try files().filter { $0.hasSuffix("-128.png") }
        let palette = try names.map { try [UInt8](Data(contentsOf: out.appendingPathComponent($0))) }
        #expect(names.count == 6 && palette.allSatisfy { $0[25] == 3 }, "\(palette.map { $0[25] })")
        try FileManager.default.removeItem(at: out)
        let lossless = try await export(["--ids", "1-6", "--sizes", "128", "--lossless"])
        #expect(lossless.status == 0, "\(lossless.stderr)")
        let rgba = try names.map { try [UInt8](Data(contentsOf: out.appendingPathComponent($0))) }
        #expect(rgba.allSatisfy { $0[25] == 6 })
        let paletteBytes: Int = palette.map(\.count).reduce(0, +)
        let rgbaBytes: Int = rgba.map(\.count).reduce(0, +)
        #expect(paletteBytes * 2 < rgbaBytes)
        for (small, whole) in zip(palette, rgba) {
            #expect(StructuralSimilarity.mean(try ImageDecoder().decode(whole), try ImageDecoder().decode(small)) >= 0.99)
        }
    }
}
