import Foundation
import Testing
import UseCases

/// `ExportManifest` as a folder's record: which manifests are export's own, and how a run's is
/// added to the one already there.
@Suite struct ExportManifestTests {
    static func file(_ name: String) -> ExportManifest.File {
        ExportManifest.File(name: name, kind: "thumbnail", bytes: 1, width: 64, height: 64, sha256: "")
    }

    static func character(_ id: Int, _ files: [String]) -> ExportManifest.Character {
        ExportManifest.Character(
            id: id, name: "C\(id)", status: "Alive", species: "Human", sourceURL: "", sourceSHA256: "",
            files: files.map(file), origin: "Earth", location: "Earth", episodes: 1)
    }

    /// Signed: its own. Any other JSON, a manifest without the signature that holds a field no
    /// earlier release wrote, or `{"characters": []}` written by hand: not.
    @Test func onlyASignedManifestOrAnEarlierReleasesExactBytesAreExportsOwn() throws {
        let signed = ExportManifest(characters: [Self.character(1, ["a.png"])])
        #expect(ExportManifest.own(signed.encoded())?.characters.map(\.id) == [1])
        var unsigned = signed
        unsigned.format = nil
        #expect(ExportManifest.own(unsigned.encoded()) == nil, "it holds origin, which no release before the signature wrote")
        for text in ["{\"characters\": []}\n", "{\"name\": \"my app\", \"version\": 2}\n", "not json", ""] {
            #expect(ExportManifest.own(Array(text.utf8)) == nil, "\(text)")
        }
        var earlier = ExportManifest(characters: [
            ExportManifest.Character(
                id: 2, name: "B", status: "Dead", species: "Alien", sourceURL: "u", sourceSHA256: "s",
                files: [Self.file("b.png")])
        ])
        earlier.format = nil
        let bytes = earlier.encoded()
        #expect(ExportManifest.own(bytes)?.characters.map(\.id) == [2], "an earlier release's, byte for byte")
        #expect(ExportManifest.own(Array(String(decoding: bytes, as: UTF8.self).replacing("\n", with: "\r\n").utf8)) == nil)
    }

    /// A run's characters join the folder's: those exported again replaced in place (keeping
    /// earlier files still there that the run did not make again), new ones after; a file the
    /// run wrote for another character leaves the earlier one's entry; extras add up.
    @Test func aRunIsAddedToTheFoldersManifest() {
        let folder = ExportManifest(
            characters: [Self.character(1, ["1-64.png"]), Self.character(2, ["2-64.png", "2-32.png"]), Self.character(3, ["x.png"])],
            sheet: "sheet.png", extras: ["index.html"])
        let run = ExportManifest(
            characters: [Self.character(4, ["4-64.png", "x.png"]), Self.character(2, ["2-64.png", "2-128.png"])],
            extras: ["manifest.csv"])
        let merged = folder.merged(with: run, present: ["1-64.png", "2-64.png", "2-32.png", "x.png"])
        #expect(merged.characters.map(\.id) == [1, 2, 4], "3's one file is now 4's")
        #expect(merged.characters[1].files.map(\.name) == ["2-64.png", "2-128.png", "2-32.png"])
        #expect(merged.characters[2].files.map(\.name) == ["4-64.png", "x.png"])
        #expect(merged.sheet == "sheet.png" && merged.extras == ["index.html", "manifest.csv"])
        #expect(merged.format == ExportManifest.signature)
        // What an unfinished run claimed stays claimed while there and listed by no character.
        var claimed = folder
        claimed.pending = ["4-64.png", "5-64.png", "6-64.png"]
        let resumed = claimed.merged(with: run, present: ["1-64.png", "2-64.png", "4-64.png", "5-64.png"])
        #expect(resumed.pending == ["5-64.png"])
        // An earlier file no longer there is not listed again.
        let gone = folder.merged(with: run, present: ["1-64.png", "2-64.png"])
        #expect(gone.characters[1].files.map(\.name) == ["2-64.png", "2-128.png"])
    }
}
