import APIServer
import Foundation
import RickAndMortyAPI
import TestSupport
import Testing

/// What a new user trips on in the first minutes: namesakes, exit codes that say what happened,
/// a wrong `--api`, pages past the end, JSON in the API's shape, offline misses, typos.
@Suite struct HonestAnswerTests {
    func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> RickdexProcess.Run {
        try await RickdexProcess.run(arguments, environment: environment)
    }

    // MARK: Names

    /// The bundled dataset has three characters named "Insurance Rick" (37, 248, 613): the whole
    /// name shows the lowest id and names the others, with what tells them apart.
    @Test func aNameSeveralShareShowsTheLowestIdAndNamesTheOthers() async throws {
        let result = try await run(["show", "insurance rick", "--api", "fixtures", "--no-preview"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Insurance Rick  #37"))
        #expect(
            result.stderr == """
                rickdex: 2 other characters are named “Insurance Rick”:
                   248  Insurance Rick  Alive · Mythological Creature · from unknown · at Blips Station
                   613  Insurance Rick  Alive · Animal · from Zigerion Dream · at Purge Lair
                  Shown: #37. Another: rickdex show 248

                """)
    }

    /// A part of several names shows the one in the most episodes and lists the others with
    /// what tells them apart.
    @Test func aPartOfSeveralNamesShowsTheOneMostMeantAndListsTheOthers() async throws {
        let result = try await run(["show", "insurance", "--api", "fixtures", "--no-preview"])
        #expect(result.status == 0, "\(result.stderr)")
        let fits = TestData.fixturesDataset.characters.filter { $0.name.lowercased().contains("insurance") }
        let meant = try #require(fits.min { (-$0.episode.count, $0.id) < (-$1.episode.count, $1.id) })
        #expect(result.stdout.hasPrefix("\(meant.name)  #\(meant.id)"), "\(result.stdout.prefix(80))")
        #expect(result.stderr.hasPrefix("rickdex: 'insurance' fits \(fits.count) characters; shown: \(meant.name) (#\(meant.id))"))
        #expect(result.stderr.contains("    37  Insurance Rick  Alive · Animal · from Dorian Cruise Ship · at Purge Cruise Ship"))
        #expect(result.stderr.contains("Another: rickdex show "))
    }

    @Test func searchNamesNamesakesOnStderr() async throws {
        let result = try await run(["search", "insurance rick", "--api", "fixtures"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("2 other characters are named “Insurance Rick”"))
        #expect(!result.stdout.contains("other characters"), "stdout keeps the table alone")
    }

    // MARK: Exit codes

    @Test func unknownIdsInAnExportAreNamedWithExitThree() async throws {
        let folder = try TemporaryFolder()
        let result = try await run(["export", "--ids", "1,99999,900", "--out", folder.path, "--api", "fixtures"])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("no character has the ids 99999, 900 (2 unknown; the others were done)"))
        #expect(result.stdout.contains("2 ids unknown"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("0001-rick-sanchez-256.png").path))
    }

    @Test func aSheetWithNothingToDrawWritesNoFile() async throws {
        let folder = try TemporaryFolder()
        let file = folder.appendingPathComponent("z.png")
        let result = try await run(["sheet", "zzzz", "-o", file.path, "--api", "fixtures"])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("characters for the sheet (name=zzzz) not found"))
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func aSheetDrawsEveryMatchOrSaysWhatItLeftOut() async throws {
        let folder = try TemporaryFolder()
        let robots = TestData.fixturesDataset.characters.filter { $0.species.lowercased().contains("robot") }.count
        let all = try await run(
            ["sheet", "--species", "robot", "-o", folder.appendingPathComponent("all.png").path, "--api", "fixtures"])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.stderr.contains("(\(robots) characters,"))
        let page = try await run(
            ["sheet", "--species", "robot", "--page", "2", "-o", folder.appendingPathComponent("two.jpg").path,
             "--api", "fixtures"])
        #expect(page.status == 0, "\(page.stderr)")
        #expect(page.stderr.contains("drew 20 of \(robots) matches (page 2); leave out --page to draw every one"))
        let bytes = try Data(contentsOf: folder.appendingPathComponent("two.jpg"))
        #expect(bytes.starts(with: [0xFF, 0xD8]), "a .jpg is JPEG")
        let refused = try await run(["sheet", "rick", "-o", folder.appendingPathComponent("x.gif").path, "--api", "fixtures"])
        #expect(refused.status == 1 && refused.stderr.contains("a sheet is written as .png, .jpg or .jpeg, not .gif"))
        let piped = try await run(["sheet", "insurance rick", "-o", "-", "--api", "fixtures"])
        #expect(piped.status == 0)
        #expect(Data(piped.stdout.utf8).starts(with: [0x89, 0x50, 0x4E, 0x47]) || piped.stdout.hasPrefix("\u{FFFD}PNG"))
        #expect(!FileManager.default.fileExists(atPath: "-"))
    }

    @Test func aServerThatIsNotTheAPIIsNamedWithItsRoot() async throws {
        try await TestData.withServer { base in
            let root = base.deletingLastPathComponent().absoluteString  // http://127.0.0.1:PORT/
            let search = try await run(["search", "rick", "--api", root])
            #expect(search.status == 2, "\(search.stdout)")
            #expect(search.stderr.contains("no API at \(root)character?page=1&name=rick: the server answered 404 Not Found"))
            #expect(search.stderr.contains("try --api \(base.absoluteString)."))
            let show = try await run(["show", "1", "--api", root])
            #expect(show.status == 2 && !show.stderr.contains("character 1 not found"))
        }
    }

    @Test func pastTheLastPageTheListingsRealSizeIsSaid() async throws {
        let count = TestData.fixturesDataset.characters.filter { $0.name.lowercased().contains("rick") }.count
        let pages = (count + 19) / 20
        let text = try await run(["search", "rick", "--page", "999", "--api", "fixtures"])
        #expect(text.status == 3)
        #expect(text.stderr.contains("there is no page 999: the \(count) matches fit on \(pages) pages"))
        let json = try await run(["search", "rick", "--page", "999", "--json", "--api", "fixtures"])
        #expect(json.status == 3)
        let info = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["info"] as? [String: Any])
        #expect(info["count"] as? Int == count && info["pages"] as? Int == pages && info["page"] as? Int == 999)
    }

    // MARK: JSON

    /// The same command online and offline on the same cache: the same bytes, in the API's shape.
    @Test func jsonIsTheAPIsShapeAndTheSameOnlineAndOffline() async throws {
        let cache = try TemporaryFolder()
        try await TestData.withServer { base in
            let environment = ["RICKDEX_CACHE_DIR": cache.path]
            let online = try await run(["search", "rick", "--json", "--api", base.absoluteString], environment: environment)
            let offline = try await run(
                ["search", "rick", "--json", "--offline", "--api", base.absoluteString], environment: environment)
            #expect(online.status == 0 && offline.status == 0, "\(offline.stderr)")
            #expect(online.stdout == offline.stdout)
            let page = try #require(try JSONSerialization.jsonObject(with: Data(online.stdout.utf8)) as? [String: Any])
            let info = try #require(page["info"] as? [String: Any])
            #expect(info["next"] as? String == "\(base.absoluteString)/character/?page=2&name=rick")
            let rick = try #require((page["results"] as? [[String: Any]])?.first)
            #expect(rick["image"] as? String == "\(base.absoluteString)/character/avatar/1.jpeg")
            #expect((rick["origin"] as? [String: String])?["url"] == "\(base.absoluteString)/location/1")
            #expect((rick["episode"] as? [String])?.first == "\(base.absoluteString)/episode/1")
            #expect(rick["imageURL"] == nil && rick["episodeIDs"] == nil)
        }
    }

    /// `--api fixtures` serves on a port that closes with the command: its JSON names the
    /// dataset's own root, the same every run.
    @Test func fixturesJSONNamesNoClosedPort() async throws {
        let first = try await run(["show", "1", "--json", "--api", "fixtures"])
        let second = try await run(["show", "1", "--json", "--api", "fixtures"])
        #expect(first.stdout == second.stdout && !first.stdout.contains("127.0.0.1"))
        #expect(first.stdout.contains("\"image\" : \"https://rickandmortyapi.com/api/character/avatar/1.jpeg\""))
    }

    // MARK: Offline

    @Test func anOfflineMissNamesTheAPIAndWhatTheCacheHolds() async throws {
        let cache = try TemporaryFolder()
        let environment = ["RICKDEX_CACHE_DIR": cache.path]
        _ = try await run(["search", "morty", "--api", "fixtures"], environment: environment)
        let miss = try await run(["search", "rick", "--offline"], environment: environment)
        #expect(miss.status == 2)
        #expect(miss.stderr.contains("of https://rickandmortyapi.com/api"))
        #expect(miss.stderr.contains("holds answers of: fixtures ("))
        #expect(miss.stderr.contains("To read those: --api fixtures --offline."))
    }

    // MARK: Typing

    @Test func aMistypedCommandGetsTheNearest() async throws {
        let result = try await run(["serch", "rick"])
        #expect(result.status == 1)
        #expect(result.stderr == "rickdex: 'serch' is not a rickdex command\nDid you mean 'rickdex search'? rickdex --help lists the commands.\n")
        // Asking for its help is the same mistake, not the top help with exit 0.
        let help = try await run(["help", "serch"])
        #expect(help.status == 1 && help.stdout.isEmpty)
        #expect(help.stderr.hasPrefix("rickdex: 'serch' is not a rickdex command\nDid you mean 'rickdex search'?"), "\(help.stderr)")
    }

    @Test(arguments: [("S1E1", "S01E01 · #1"), ("s01e01", "S01E01 · #1"), ("1x01", "S01E01 · #1"), ("S2E3", "S02E03")])
    func episodeCodesReadAsPeopleWriteThem(_ typed: String, _ shown: String) async throws {
        let result = try await run(["episode", typed, "--api", "fixtures", "--no-preview"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").first?.contains(shown) == true, "\(result.stdout.prefix(200))")
    }

    @Test func aNegativePageIsTheCommandsOwnError() async throws {
        let result = try await run(["search", "rick", "--page", "-1", "--api", "fixtures"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("--page takes a page number of 1 or more, e.g. --page 2, not -1"))
    }

    @Test func cacheCommandsRefuseAFolderThatIsNotACache() async throws {
        let folder = try TemporaryFolder()
        let precious = folder.appendingPathComponent("notes.txt")
        try Data("keep me".utf8).write(to: precious)
        let result = try await run(["cache", "clear", "--cache-dir", folder.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("is not a cache folder: it holds other files, and no cache"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"], "nothing made in it")
    }

    @Test func verboseLogsEachRequestAndWhetherTheCacheAnswered() async throws {
        let cache = try TemporaryFolder()
        let environment = ["RICKDEX_CACHE_DIR": cache.path]
        try await TestData.withServer { base in
            let first = try await run(["show", "2", "-v", "--no-preview", "--api", base.absoluteString], environment: environment)
            #expect(first.stderr.contains("GET \(base.absoluteString)/character/2 → 200 · "))
            let second = try await run(["show", "2", "-v", "--no-preview", "--api", base.absoluteString], environment: environment)
            #expect(second.stderr.contains("GET \(base.absoluteString)/character/2 → cache (fresh)"))
            #expect(!second.stderr.contains("/character/2 → 200"))
        }
    }
}
