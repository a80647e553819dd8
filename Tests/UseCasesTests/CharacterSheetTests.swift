import APIServer
import ContactSheet
import Foundation
import LoupeHTTP
import LoupeImaging
import RickAndMortyAPI
import TestSupport
import Testing

@testable import LoupePipeline
@testable import UseCases

/// The one avatar fan-out and the one sheet builder, against the real loopback server.
@Suite struct CharacterSheetTests {
    /// Characters 1–3 and one whose avatar the server does not have, through a fresh cache.
    func withThumbnails(_ body: ([RMCharacter], AvatarThumbnails) async throws -> Void) async throws {
        try await TestData.withServer { base in
            let folder = try TemporaryFolder()
            let client = TestData.client(base)
            let images = try TestData.images(base, cacheIn: folder.url, transport: client.transport)
            var characters = try await client.characters(ids: [1, 2, 3])
            var lost = characters[1]
            lost.id = 9999
            lost.name = "Lost \u{1B}]52;c;aGk=\u{07}Morty"
            lost.image = "character/avatar/9999.jpeg"
            characters.insert(lost, at: 1)
            try await body(characters, AvatarThumbnails(images: images, variant: .sheetCell, pixelsPerColumn: 1))
        }
    }

    @Test func thumbnailsComeInTheCharactersOrderEachWithItsOutcome() async throws {
        try await withThumbnails { characters, thumbnails in
            let all = await thumbnails.all(characters)
            #expect(all.map { (try? $0.get())?.width } == [64, nil, 64, 64])
            guard case .failure(let error) = all[1] else { return }
            #expect("\(error)".contains("404"), "the cause is kept: \(error)")
            var seen: [Int] = []
            await thumbnails.inOrder(characters) { character, _ in seen.append(character.id) }
            #expect(seen == characters.map(\.id))
        }
    }

    @Test func aSheetDrawsEveryCharacterAndNamesTheAvatarsItCouldNotHave() async throws {
        try await withThumbnails { characters, thumbnails in
            let layout = SheetLayout(columns: 2, thumbnailSize: 64, title: "Rickdex")
            let drawn = try await CharacterSheet(layout: layout, full: true).draw(characters, thumbnails: thumbnails)
            let sheet = try ImageDecoder().decode(drawn.bytes)
            // Two cells of 112 + 10 pixels (room for 16 characters of text), and the margin.
            #expect(sheet.width == 2 * 122 + 10, "two columns")
            #expect(drawn.failures.map(\.item) == [.avatar(id: 9999, name: characters[1].name)])
            let entry = CharacterSheet(layout: layout, full: true).entry(characters[1], thumbnail: nil)
            #expect(entry.title == "Lost Morty", "the escape sequence is taken out")
            #expect(entry.lines.count == 5)
        }
    }
}
