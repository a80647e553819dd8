import Foundation
import RickAndMortyAPI
import TestSupport
import Testing
import UseCases

/// `rickdex export --html`: the page opened from `file://` in headless Chromium, driven as a
/// person would (typing, `/`, a chip, sorting), over the real loopback server.
@Suite(.enabled(if: GalleryCheck.available, GalleryCheck.missing))
struct ExportGalleryTests: ExportSuite {
    let temporary: TemporaryFolder
    /// A folder name a URL must escape, as people's folders often are.
    var out: URL { temporary.appendingPathComponent("my export") }
    var page: URL { out.appendingPathComponent("index.html") }

    init() throws {
        temporary = try TemporaryFolder()
    }

    static let hostileName = "<img src=x onerror=\"window.__pwned=1\">Rick"
    static let closingName = "</h2></a></li><script>window.__pwned=1</script>Morty & 'Summer'"

    /// A dataset whose names carry markup, exported with thumbnails and originals: the page opens
    /// with no console error and no request outside the folder, every thumbnail decodes, typing
    /// `rick` leaves the cards whose names hold it, and the names show as their characters.
    @Test func thePageOpensOfflineAndShowsMarkupInNamesAsText() async throws {
        var dataset = TestData.fixturesDataset
        dataset.characters[0].name = Self.hostileName
        dataset.characters[1].name = Self.closingName
        dataset.characters[2].name = "Martínez"
        dataset.characters[3].name = "Morty’s Lawyer"
        let result = try await TestData.withServer(dataset) { base in
            try await RickdexProcess.run(
                [
                    "export", "--ids", "1-60", "--sizes", "64,256", "--original", "--html", "--out", out.path,
                    "--api", base.absoluteString,
                ],
                environment: environment)
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("also: manifest.json, index.html"), "\(result.stdout)")

        let check = try await GalleryCheck.run(page, typing: "rick")
        let names = dataset.characters.prefix(60).map(\.name)
        #expect(check.cards == names.count)
        #expect(check.countText == "\(names.count) of \(names.count)")
        #expect(check.consoleErrors.isEmpty, "\(check.consoleErrors)")
        #expect(check.requestsOutsideFolder.isEmpty, "\(check.requestsOutsideFolder)")
        #expect(check.images == names.count && check.undecodedImages.isEmpty, "\(check.undecodedImages)")
        #expect(check.imagesWithoutAlt == 0)
        let withRick = names.filter { $0.lowercased().contains("rick") }
        #expect(check.visibleAfterTyping == withRick)
        #expect(check.countAfterTyping == "\(withRick.count) of \(names.count)")
        #expect(check.focusAfterSlash == "filter" && check.typed == "rick")
        #expect(check.countAfterEscape == "\(names.count) of \(names.count)")
        #expect(check.statusesAfterDeadChip == ["Dead"])
        // The filter folds names as the command does: accents, and a straight apostrophe for a curly one.
        #expect(try await GalleryCheck.run(page, typing: "martinez").visibleAfterTyping == ["Martínez"])
        #expect(try await GalleryCheck.run(page, typing: "morty's lawyer").visibleAfterTyping == ["Morty’s Lawyer"])
        // The names are the characters as given, not markup: no script ran, no element of theirs.
        #expect(check.headings.contains(Self.hostileName) && check.headings.contains(Self.closingName))
        #expect(!check.scriptRanFromData)
        #expect(check.elementsInCards == ["a", "dd", "dl", "dt", "h2", "i", "img", "li", "p"])
        #expect(
            check.firstNamesByName
                == Array(names.sorted { $0.localizedStandardCompare($1) == .orderedAscending }.prefix(5)),
            "\(check.firstNamesByName)")
    }

    /// A re-run with another selection adds its characters to the page (rewritten whole, with the
    /// manifest), and the thumbnails-only page works offline from the cache.
    @Test func aRerunAddsToThePageAndWorksOffline() async throws {
        let first = try await export(["--ids", "1-40", "--sizes", "32", "--html"])
        #expect(first.status == 0, "\(first.stderr)")
        for offline in [false, true] {
            let again = try await export(["--ids", "9,3,41,42", "--sizes", "32", "--html"] + (offline ? ["--offline"] : []))
            #expect(again.status == 0, "\(again.stderr)")
        }
        let check = try await GalleryCheck.run(page, typing: "")
        #expect(check.cards == 42 && check.title == "Rickdex: 42 characters")
        let characters = TestData.fixturesDataset.characters
        #expect(check.visibleAfterTyping == (1...42).map { id in characters.first { $0.id == id }?.name ?? "" })
        #expect(check.undecodedImages.isEmpty && check.consoleErrors.isEmpty)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    /// On the real service's data: typing `rick` leaves its 107 characters whose names hold it.
    @Test(.enabled(if: TestData.realData != nil, Comment(rawValue: TestData.realDataMissing)))
    func typingRickOnTheRealDataLeavesItsCharacters() async throws {
        let dataset = try Dataset.load(from: try #require(TestData.realData))
        let result = try await TestData.withServer(dataset) { base in
            try await RickdexProcess.run(
                ["export", "--all", "--original", "--html", "--out", out.path, "--api", base.absoluteString],
                environment: environment)
        }
        #expect(result.status == 0, "\(result.stderr)")
        let check = try await GalleryCheck.run(page, typing: "rick")
        #expect(check.cards == 826 && check.countAfterTyping == "107 of 826")
        #expect(check.undecodedImages.isEmpty && check.consoleErrors.isEmpty && check.requestsOutsideFolder.isEmpty)
    }
}
