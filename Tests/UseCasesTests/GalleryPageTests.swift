import Foundation
import LoupePipeline
import RickAndMortyAPI
import Testing
import UseCases

/// `GalleryPage` as markup: what the network gives is text, what runs is allowed by hash.
@Suite struct GalleryPageTests {
    /// A character's entry as export writes it: dead, human, from `Earth <C-137>`, last seen
    /// nowhere known, in 3 episodes.
    static func entry(_ id: Int, name: String = "", files: [ExportManifest.File]) -> ExportManifest.Character {
        ExportManifest.Character(
            id: id, name: name, status: "Dead", species: "Human", sourceURL: "", sourceSHA256: "", files: files,
            origin: "Earth <C-137>", location: "", episodes: 3)
    }

    static func file(_ name: String, kind: String, width: Int) -> ExportManifest.File {
        ExportManifest.File(name: name, kind: kind, bytes: 1, width: width, height: width, sha256: "")
    }

    @Test func escapesEveryMarkupCharacterAndDropsControls() {
        #expect(HTMLText.escape("<a href='x'>&\"</a>") == "&lt;a href=&#39;x&#39;&gt;&amp;&quot;&lt;/a&gt;")
        #expect(HTMLText.escape("Rick\u{1B}[2J\u{9B}\u{0}\tSan\nchez") == "Rick[2J\tSan\nchez")
        #expect(HTMLText.escape("Señor Ñ 🥒") == "Señor Ñ 🥒")
    }

    @Test func namesAndPlacesReachThePageAsTextOnly() {
        let name = "<img src=x onerror=alert(1)>"
        let manifest = ExportManifest(characters: [
            Self.entry(7, name: name, files: [Self.file("0007-img-src-x-256.png", kind: "thumbnail", width: 256)])
        ])
        let page = String(decoding: GalleryPage(manifest: manifest).render(), as: UTF8.self)
        #expect(!page.contains("<img src=x"))
        #expect(page.contains("<h2>&lt;img src=x onerror=alert(1)&gt;</h2>"))
        #expect(page.contains("alt=\"&lt;img src=x onerror=alert(1)&gt;\""))
        #expect(page.contains("<dd>Earth &lt;C-137&gt;</dd>"))
        #expect(page.contains("<dt>Last seen</dt><dd>—</dd>"))
        #expect(page.contains("<dt>Episodes</dt><dd>3</dd>"))
    }

    /// The shown image is the smallest thumbnail that fills the card, every size is offered, and
    /// the link opens the original; a character the manifest has no files for gets no card.
    @Test func cardsShowAThumbnailAndOpenTheOriginal() {
        let files = [
            Self.file("0001-a.png", kind: "original", width: 300), Self.file("0001-a-64.png", kind: "thumbnail", width: 64),
            Self.file("0001-a-256.png", kind: "thumbnail", width: 256),
        ]
        let manifest = ExportManifest(characters: [Self.entry(1, name: "A", files: files), Self.entry(2, name: "B", files: [])])
        let page = String(decoding: GalleryPage(manifest: manifest).render(), as: UTF8.self)
        #expect(
            page.contains(
                "<a href=\"0001-a.png\"><img src=\"0001-a-256.png\" srcset=\"0001-a-64.png 64w, 0001-a-256.png 256w\""))
        #expect(page.contains("<title>Rickdex: 1 character</title>"))
        #expect(!page.contains("<h2>B</h2>"))
        #expect(page.contains("<p id=\"count\" role=\"status\" aria-live=\"polite\">1 of 1</p>"))
    }

    /// A character from a manifest written before origin, location and episodes were kept (an
    /// earlier export into the folder) still gets its card, with a dash for each.
    @Test func aCardFromAnEarlierManifestShowsDashesForWhatItDidNotKeep() {
        let older = ExportManifest.Character(
            id: 3, name: "Summer", status: "Alive", species: "Human", sourceURL: "", sourceSHA256: "",
            files: [Self.file("0003-summer-64.png", kind: "thumbnail", width: 64)])
        let page = String(decoding: GalleryPage(manifest: ExportManifest(characters: [older])).render(), as: UTF8.self)
        #expect(page.contains("<h2>Summer</h2>"))
        #expect(page.contains("<dt>Origin</dt><dd>—</dd><dt>Last seen</dt><dd>—</dd><dt>Episodes</dt><dd>—</dd>"))
    }

    /// The policy allows exactly the page's own style and script (by their SHA-256), nothing from
    /// elsewhere: no other origin, no inline handler.
    @Test func thePolicyAllowsOnlyThePagesOwnStyleAndScript() throws {
        let page = String(decoding: GalleryPage(manifest: ExportManifest(characters: [])).render(), as: UTF8.self)
        let policy = try #require(page.firstMatch(of: /Content-Security-Policy" content="([^"]+)"/)?.1)
        func hash(_ tag: String) throws -> String {
            let body = try #require(page.firstMatch(of: try Regex("<\(tag)>([\\s\\S]*?)</\(tag)>"))?.output[1].substring)
            return "'sha256-" + ContentDigest.sha256Base64(Array(body.utf8)) + "'"
        }
        #expect(policy.contains("default-src 'none'"))
        #expect(policy.contains("style-src \(try hash("style"))"))
        #expect(policy.contains("script-src \(try hash("script"))"))
        #expect(!policy.contains("unsafe"))
    }
}
