import Foundation
import RickAndMortyAPI
import TestSupport
import Testing

/// Names as people type them, against `rickdex serve` on the real service's data: accents,
/// apostrophes, periods, unquoted words, episodes by name, and the one most people mean.
@Suite(.enabled(if: TestData.realData != nil, Comment(rawValue: TestData.realDataMissing)))
struct RealNamesTests {
    let server: ServeProcess
    let cache: TemporaryFolder

    init() async throws {
        server = try await ServeProcess(["--data", TestData.realData!.path])
        cache = try TemporaryFolder()
    }

    func run(_ arguments: [String]) async throws -> RickdexProcess.Run {
        try await RickdexProcess.run(
            arguments + ["--api", server.baseURL], environment: ["RICKDEX_CACHE_DIR": cache.path + "/cache"])
    }

    func id(_ result: RickdexProcess.Run) -> Int? {
        let object = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let item = object?["character"] ?? object?["episode"]
        return (item as? [String: Any])?["id"] as? Int
    }

    @Test(arguments: [
        (["show", "mr poopybutthole"], 244), (["show", "mr", "poopybutthole"], 244), (["show", "morty's lawyer"], 512),
        (["show", "MORTY’S", "LAWYER"], 512), (["episode", "pilot"], 1), (["episode", "total", "rickall"], 15),
        (["episode", "S01E01"], 1), (["show", "rick", "sanchez"], 1),
    ])
    func aNameAsTypedFindsIt(command: [String], expected: Int) async throws {
        let result = try await run(command + ["--json"])
        #expect(result.status == 0, "\(command): \(result.stderr)")
        #expect(id(result) == expected, "\(command)")
    }

    /// `show morty` fits 68 characters: Morty Smith, in the most episodes, with the others named.
    @Test func aPartThatFitsManyShowsTheOneMostMeant() async throws {
        let result = try await run(["show", "morty", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(id(result) == 2)
        #expect(result.stderr.hasPrefix("rickdex: 'morty' fits 68 characters; shown: Morty Smith (#2), the one in the most episodes."))
        #expect(result.stderr.contains("… and 62 more"), "\(result.stderr)")
    }

    /// Only a list of every name finds "Martínez" from "martinez": the API matches letters as
    /// sent. Once the list is cached, it does.
    @Test func anAccentTheAPICannotFoldIsFoundFromTheCachedList() async throws {
        #expect(try await run(["search", "--all", "--json"]).status == 0)
        let result = try await run(["show", "martinez", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect((object?["character"] as? [String: Any])?["id"] as? Int == 762)
        let search = try await run(["search", "martinez"])
        #expect(search.status == 0, "\(search.stderr)")
        #expect(search.stdout.hasPrefix("762\tMartínez\t"), "\(search.stdout)")
        #expect(!search.stderr.contains("as typed"), "\(search.stderr)")
    }

    /// Every keyboard types a straight apostrophe; the real data mixes straight and curly ones.
    /// With the names indexed (a whole listing cached), every command that takes a name folds it.
    @Test func aStraightApostropheAndAnAccentFindTheirNamesInEveryCommand() async throws {
        #expect(try await run(["warm", "--all", "--no-thumbnails"]).status == 0)
        let mortys = try await run(["search", "morty's"])
        #expect(ids(mortys.stdout) == [512, 637, 659, 660, 661], "\(mortys.stdout)")
        #expect(ids(try await run(["search", "tony's"]).stdout) == [532, 534, 541])
        // Not #95, "Dipper and Mabel Mortys", which has no apostrophe.
        let show = try await run(["show", "morty's", "--json"])
        #expect([512, 637, 659, 660, 661].contains(id(show) ?? 0), "\(show.stderr)")
        #expect(show.stderr.contains("'morty's' fits 5 characters"), "\(show.stderr)")
        let sheet = try await run(["sheet", "martinez", "-o", cache.path + "/martinez.png"])
        #expect(sheet.status == 0, "\(sheet.stderr)")
        let export = try await run(["export", "martinez", "--out", cache.path + "/export", "--dry-run"])
        #expect(export.status == 0 && export.stdout.contains("0762-martinez"), "\(export.stdout)\(export.stderr)")
        let warm = try await run(["warm", "martinez", "--no-thumbnails", "--json"])
        let report = try JSONSerialization.jsonObject(with: Data(warm.stdout.utf8)) as? [String: Any]
        #expect(warm.status == 0, "\(warm.stderr)")
        #expect((report?["avatars"] as? [String: Any])?["total"] as? Int == 1, "\(warm.stdout)")
    }

    /// The ids of tab-separated rows.
    func ids(_ rows: String) -> [Int] {
        rows.split(separator: "\n").compactMap { $0.split(separator: "\t").first.flatMap { Int($0) } }
    }

    /// "Did you mean" counts matches only from a complete list of the names; from part of it
    /// (one cached page) it suggests without counts, and a symbol gets no suggestion.
    @Test func didYouMeanCountsOnlyFromTheWholeList() async throws {
        // One page cached (piped, search writes every page unless --page names one).
        _ = try await run(["search", "--page", "1"])
        let partial = try await run(["search", "rik"])
        #expect(partial.stderr.contains("hint: no name contains 'rik'; did you mean rick"), "\(partial.stderr)")
        #expect(!partial.stderr.contains("characters)"), "no count from one page: \(partial.stderr)")
        _ = try await run(["search", "--all"])
        let whole = try await run(["search", "rik"])
        let names = try Dataset.load(from: try #require(TestData.realData)).characters.map { $0.name.lowercased() }
        #expect(whole.stderr.contains("did you mean rick (\(names.filter { $0.contains("rick") }.count) characters)"), "\(whole.stderr)")
        let pickle = try await run(["search", "🥒"])
        #expect(!pickle.stderr.contains("did you mean"), "\(pickle.stderr)")
    }

    /// With nothing named, `episode` and `location` list every one: piped, every page, unless
    /// `--page` names one, and then stderr says what is left out. So does piped `search`.
    @Test func episodeAndLocationAloneListThem() async throws {
        let dataset = try Dataset.load(from: try #require(TestData.realData))
        let episodes = try await run(["episode"])
        #expect(episodes.status == 0, "\(episodes.stderr)")
        #expect(episodes.stdout.split(separator: "\n").first == "1\tS01E01\tPilot\tDecember 2, 2013")
        #expect(episodes.stdout.split(separator: "\n").count == dataset.episodes.count)
        #expect(episodes.stderr.isEmpty, "\(episodes.stderr)")
        let first = try await run(["location", "--page", "1"])
        #expect(first.stdout.split(separator: "\n").count == 20)
        #expect(
            first.stderr == "rickdex: page 1 of \((dataset.locations.count + 19) / 20) written; \(dataset.locations.count - 20) more "
                + "locations on later pages: --all (or no --page) writes every page\n")
        let ricks = dataset.characters.filter { $0.name.lowercased().contains("rick") }.count
        #expect(try await run(["search", "rick"]).stdout.split(separator: "\n").count == ricks)
        #expect(try await run(["location", "--all"]).stdout.split(separator: "\n").count == dataset.locations.count)
        let third = try await run(["location", "--page", "3", "--json"])
        let info = try #require(try JSONSerialization.jsonObject(with: Data(third.stdout.utf8)) as? [String: Any])["info"]
        let locations = try Dataset.load(from: try #require(TestData.realData)).locations.count
        #expect((info as? [String: Any])?["count"] as? Int == locations && (info as? [String: Any])?["page"] as? Int == 3)
    }
}
