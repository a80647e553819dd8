import FixtureKit
import Foundation
import RickAndMortyAPI
import TestSupport
import Testing

/// The committed Fixtures/ are what the generator makes, and look like the real service's data.
@Suite struct FixturesTests {
    let dataset = TestData.fixturesDataset

    @Test func committedJSONIsExactlyWhatTheGeneratorMakes() throws {
        let folder = try TestData.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FixtureGenerator().makeDataset(avatarsDirectory: folder).writeJSON(to: folder)
        for name in ["characters.json", "episodes.json", "locations.json"] {
            let made = try Data(contentsOf: folder.appendingPathComponent(name))
            let committed = try Data(contentsOf: TestData.fixtures.appendingPathComponent(name))
            // A Bool, not `made == committed` inside #expect: diffing 400 KB on failure takes minutes.
            let same = made == committed
            #expect(same, "Fixtures/\(name) differs from the generator's output: run make-fixtures")
        }
    }

    @Test(arguments: [1, 2, 13, 100, 607, 710, 826])
    func committedAvatarIsExactlyWhatTheGeneratorMakes(id: Int) throws {
        let character = try #require(dataset.characters.first { $0.id == id })
        let made = try AvatarFactory().avatar(for: character)
        let committed = try Data(contentsOf: dataset.avatarFile(id: id))
        let same = made == Array(committed)
        #expect(same, "Fixtures/avatars/\(id).jpeg differs from the generator's output: run make-fixtures")
    }

    @Test func sizesAndShapesMatchTheRealService() throws {
        #expect(dataset.characters.count == 826)
        #expect(dataset.episodes.count == 51)
        #expect(dataset.locations.count == 126)
        #expect(dataset.characters.map(\.id) == Array(1...826))
        let statuses = Dictionary(grouping: dataset.characters, by: \.status).mapValues(\.count)
        #expect(Set(statuses.keys) == ["Alive", "Dead", "unknown"])
        #expect((400...480).contains(statuses["Alive"] ?? 0))
        let genders = Dictionary(grouping: dataset.characters, by: \.gender).mapValues(\.count)
        #expect((560...660).contains(genders["Male"] ?? 0))
        #expect(dataset.characters.filter { $0.episode.count == 1 }.count > 600)
        // Every character's episodes list that character back.
        let casts = Dictionary(uniqueKeysWithValues: dataset.episodes.map { ($0.id, Set($0.characters)) })
        for character in dataset.characters {
            for episode in character.episode {
                let id = try #require(Int(episode.split(separator: "/").last ?? ""))
                #expect(casts[id]?.contains(character.url) == true)
            }
        }
    }

    @Test func avatarsAreEncodedLikeTheRealOnes() throws {
        var png = 0, progressive = 0, baseline = 0, exif = 0, odd: [Int] = []
        var total = 0
        for character in dataset.characters {
            let bytes = Array(try Data(contentsOf: dataset.avatarFile(id: character.id)))
            total += bytes.count
            if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
                png += 1
                #expect(bytes[25] == 3, "PNG avatars are 8-bit palette images")
                let width = Int(bytes[16]) << 24 | Int(bytes[17]) << 16 | Int(bytes[18]) << 8 | Int(bytes[19])
                if width != 300 { odd.append(character.id) }
                continue
            }
            #expect(bytes.starts(with: [0xFF, 0xD8, 0xFF]))
            let header = bytes.prefix(800)
            let hasSOF2 = zip(header, header.dropFirst()).contains { $0 == 0xFF && $1 == 0xC2 }
            if hasSOF2 { progressive += 1 } else { baseline += 1 }
            if String(decoding: header, as: UTF8.self).contains("Exif") { exif += 1 }
            if let sof = (0..<header.count - 8).first(where: {
                header[$0] == 0xFF && (header[$0 + 1] == 0xC0 || header[$0 + 1] == 0xC2)
            }) {
                let width = Int(header[sof + 7]) << 8 | Int(header[sof + 8])
                if width != 300 { odd.append(character.id) }
            }
        }
        #expect((300...380).contains(png), "about 40 % PNG")
        #expect(progressive > baseline * 10)
        #expect(baseline >= 2)
        #expect(exif == 1)
        #expect(Set(odd) == [607, 623, 710, 819, 820])
        #expect(total < 15_000_000)
    }
}
