import Foundation
import RickAndMortyAPI
import TestSupport
import Testing
import UseCases

/// Names as people type them: case, accents, periods and runs of spaces fold away, every
/// apostrophe is the straight one, and a text typed without apostrophes finds names with them.
@Suite struct NameFoldingTests {
    @Test(arguments: [
        ("Martínez", "martinez"), ("Mr. Poopybutthole", "mr poopybutthole"), ("Morty’s Lawyer", "morty's lawyer"),
        ("Morty's  Lawyer ", "morty's lawyer"), ("Rick`s", "rick's"), ("  Rick\tSanchez", "rick sanchez"), ("ÉLAN Ø", "elan o"),
        ("Señor Rick", "senor rick"), ("Rick 🥒", "rick 🥒"),
    ])
    func aNameFoldsToWhatPeopleType(name: String, folded: String) {
        #expect(NameFolding.fold(name) == folded)
    }

    @Test func aTextWithoutApostrophesFindsNamesWithThemAndOneWithThemOnlyThose() {
        #expect(NameFolding.contains("Morty’s Lawyer", "mortys"))
        #expect(NameFolding.contains("Morty’s Lawyer", "morty's"))
        #expect(!NameFolding.contains("Dipper and Mabel Mortys", "morty's"))
        #expect(NameFolding.contains("Dipper and Mabel Mortys", "mortys"))
    }

    /// The real service's names: each typed plainly (ASCII, no apostrophes or periods) finds itself.
    @Test(.enabled(if: TestData.realData != nil, Comment(rawValue: TestData.realDataMissing)))
    func everyRealNameIsFoundAsTyped() throws {
        let dataset = try Dataset.load(from: try #require(TestData.realData))
        let names = dataset.characters.map(\.name)
        let typed: [(String, String)] = [
            ("martinez", "Martínez"), ("mr poopybutthole", "Mr. Poopybutthole"), ("morty's lawyer", "Morty’s Lawyer"),
            ("fascist ricks clone", "Fascist Rick’s Clone"),
        ]
        for (text, name) in typed {
            guard case .found(let found, _) = NameLookup.pick(text, among: names.filter { NameFolding.contains($0, text) }, total: 0, name: { $0 })
            else {
                Issue.record("\(text) found nothing")
                continue
            }
            #expect(found == name)
        }
        // Every name outside ASCII folds to letters a keyboard types, which find it.
        for name in names where !name.allSatisfy(\.isASCII) {
            #expect(NameFolding.fold(name).allSatisfy { $0.isASCII }, "\(name)")
            #expect(NameFolding.contains(name, NameFolding.fold(name)))
        }
    }
}
