import Foundation
import RickAndMortyAPI
import Testing
import UseCases

@Suite struct FileNameTemplateTests {
    static let rick = RMCharacter(
        id: 7, name: "Rick Sánchez (C-137)", status: .unknown, species: "Human", type: "", gender: .male,
        origin: PlaceReference(name: "Earth (C-137)", id: 1), location: PlaceReference(name: "Citadel of Ricks", id: 3),
        image: TestURL.avatar, episodeIDs: [1], created: .init(timeIntervalSince1970: 0))

    @Test func theStandardTemplateIsTodaysNames() {
        let template = FileNameTemplate.standard
        #expect(template.name(of: Self.rick, size: 256, ext: "png", digits: 4) == "0007-rick-sanchez-c-137-256.png")
        #expect(template.name(of: Self.rick, size: nil, ext: "jpg", digits: 3) == "007-rick-sanchez-c-137.jpg")
        #expect(template.name(of: Self.rick, size: nil, ext: "jpg", digits: 3) == FileSlug.stem(id: 7, name: Self.rick.name, digits: 3) + ".jpg")
    }

    @Test func everyFieldIsSluggedAndSizeAndExtGoWhereWritten() throws {
        let template = try FileNameTemplate(parsing: "{species}_{status}.{gender}.{type}.{origin}.{location}.{id}x{size}.{ext}")
        #expect(
            template.name(of: Self.rick, size: 64, ext: "png", digits: 2)
                == "human_unknown.male.none.earth-c-137.citadel-of-ricks.07x64.png")
        #expect(
            template.name(of: Self.rick, size: nil, ext: "jpg", digits: 1)
                == "human_unknown.male.none.earth-c-137.citadel-of-ricks.7xoriginal.jpg")
    }

    /// The extension ends every name: without `{size}`, a thumbnail's `-SIZE` goes before it.
    @Test(arguments: [
        ("{id}-{name}.{ext}", 64, "png", "0007-rick-sanchez-c-137-64.png"),
        ("{id}-{name}.{ext}", nil, "jpg", "0007-rick-sanchez-c-137.jpg"),
        ("{id}.v2.{ext}", 256, "png", "0007.v2-256.png"),
        ("{id}_{size}", 32, "png", "0007_32.png"),
    ] as [(String, Int?, String, String)])
    func theExtensionEndsEveryNameWithTheSizeBeforeIt(template: String, size: Int?, ext: String, name: String) throws {
        #expect(try FileNameTemplate(parsing: template).name(of: Self.rick, size: size, ext: ext, digits: 4) == name)
    }

    @Test(arguments: [
        ("{id}.{ext}-{size}", "puts {ext} before its end"),
        ("{id}.{ext}.{ext}", "puts {ext} before its end"),
        ("{id}{ext}", "has no dot before {ext}"),
        ("{id}-{name}.", "ends with a dot"),
        ("{nmae}", "unknown field {nmae}: the fields are {id}, {name}"),
        ("{id", "unmatched brace"),
        ("id}", "unmatched brace"),
        ("{id}/{name}", "has '/', which cannot be in a file name"),
        ("{id} {name}", "has ' ', which cannot be in a file name"),
        (".{id}", "starts with a dot"),
        ("{size}.{ext}", "names no field of the character: add {id} or {name}"),
        ("", "names no field of the character"),
    ])
    func aTemplateThatCannotNameFilesIsRefusedSayingWhy(template: String, message: String) {
        #expect {
            try FileNameTemplate(parsing: template)
        } throws: { error in
            "\(error)".contains(message)
        }
    }
}
