import Foundation
import RickAndMortyAPI
import TestSupport
import Testing

/// Answers are data: `rickdex serve` over a dataset whose avatars name the user's files, other
/// schemes and other hosts, and `warm` and `export` run against it. Nothing local is read, copied
/// or quoted, each bad avatar fails alone, and the batch warms the rest.
@Suite struct HostileAnswerTests {
    /// The user's own files, which answers name.
    let home: TemporaryFolder
    /// `rickdex serve --data` over the bundled dataset, its avatars replaced as `avatars` says.
    let dataset: TemporaryFolder
    /// The bad avatar URL of each character the answers lie about.
    let avatars: [Int: String]

    /// The first bytes of the private text file: no error may quote them, in hex or as text.
    static let secretText = "root:*:0:0:the user's own file"

    init() throws {
        home = try TemporaryFolder()
        // An image of the user's, unlike any avatar: one with bytes of its own after its end.
        let picture = home.appendingPathComponent("private.png")
        var bytes = try Data(contentsOf: TestData.fixtures.appendingPathComponent("avatars/3.jpeg"))
        bytes.append(contentsOf: Array(Self.secretText.utf8))
        try bytes.write(to: picture)
        let text = home.appendingPathComponent("private.txt")
        try Data(Self.secretText.utf8).write(to: text)
        let fifo = home.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        avatars = [
            1: picture.absoluteString,
            2: text.absoluteString,
            5: "file:../../../../../../etc/passwd",
            8: "FILE://" + picture.path,
            13: "file:///dev/zero",
            21: fifo.absoluteString,
            34: "gopher://127.0.0.1:1/x",
            55: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==",
            89: "http://198.51.100.7/avatar/89.jpeg",
            144: "http://127.0.0.1:1/avatar/144.jpeg",
        ]
        dataset = try TemporaryFolder()
        var data = try Dataset.load(from: TestData.fixtures)
        for index in data.characters.indices {
            if let bad = avatars[data.characters[index].id] { data.characters[index].image = bad }
        }
        try data.writeJSON(to: dataset.url)
        try FileManager.default.createSymbolicLink(
            at: dataset.appendingPathComponent("avatars"), withDestinationURL: TestData.fixtures.appendingPathComponent("avatars"))
    }

    /// Every file under `folder`, its bytes.
    static func files(under folder: URL) -> [Data] {
        let paths = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
        return paths.compactMap { FileManager.default.contents(atPath: folder.appendingPathComponent($0).path) }
    }

    /// That nothing of the user's files shows in `output` or any file under `folders`.
    func expectNothingLocal(in output: String, folders: [URL]) throws {
        let picture = try Data(contentsOf: home.appendingPathComponent("private.png"))
        let hex = Self.secretText.utf8.prefix(8).map { String(format: "%02X", $0) }.joined(separator: " ")
        #expect(!output.contains(hex) && !output.contains("root:*:0"), "\(output)")
        #expect(!output.contains("starts with"), "\(output)")
        for folder in folders {
            for bytes in Self.files(under: folder) {
                #expect(bytes.range(of: picture) == nil, "a copy of the user's picture under \(folder.path)")
                #expect(bytes.range(of: Data(Self.secretText.utf8)) == nil, "the user's text under \(folder.path)")
            }
        }
    }

    /// `warm --all` warms the other avatars, fails each bad one by name, and does not stop.
    @Test func warmingWarmsEveryOtherAvatar() async throws {
        let server = try await ServeProcess(["--data", dataset.path])
        let cache = try TemporaryFolder()
        let run = try await RickdexProcess.run(
            ["warm", "--all", "--no-thumbnails", "--json", "--api", server.baseURL],
            environment: ["RICKDEX_CACHE_DIR": cache.path])
        #expect(run.status == 4, "\(run.stderr)")
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
        let failed = (summary["failedAvatars"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
        #expect(Set(failed) == Set(avatars.keys))
        let warmed = try #require(summary["avatars"] as? [String: Any])
        #expect(warmed["fetched"] as? Int == 826 - avatars.count, "\(warmed)")
        #expect(summary["stopped"] == nil && warmed["notStarted"] as? Int == 0, "\(run.stdout)")
        #expect(!run.stderr.contains("stopped answering"), "\(run.stderr)")
        // Each named once, as the user can act on it.
        for (id, url) in avatars {
            let lines = run.stderr.split(separator: "\n").filter { $0.contains("avatar of \(id) ") }
            #expect(lines.count == 1, "\(id): \(run.stderr)")
            #expect(lines.first?.contains("refused") == true, "\(id) \(url): \(lines)")
        }
        try expectNothingLocal(in: run.stdout + run.stderr, folders: [cache.url])
    }

    /// `export` writes every other character's files and nothing of the user's.
    @Test func exportCopiesNothingLocal() async throws {
        let server = try await ServeProcess(["--data", dataset.path])
        let out = try TemporaryFolder()
        let ids = (Array(avatars.keys) + [3, 4]).sorted().map(String.init).joined(separator: ",")
        let run = try await RickdexProcess.run(
            ["export", "--ids", ids, "--out", out.appendingPathComponent("site").path, "--html", "--api", server.baseURL])
        #expect(run.status == 4, "\(run.stderr)")
        #expect(!run.stderr.contains("stopped answering"), "\(run.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("site").path)
        #expect(written.contains { $0.hasPrefix("0003-") } && written.contains { $0.hasPrefix("0004-") }, "\(written)")
        #expect(written.count { $0.hasSuffix(".png") } == 2, "\(written)")
        try expectNothingLocal(in: run.stdout + run.stderr, folders: [out.url])
    }

    /// A dead avatar host the user allowed fails its avatar; the batch goes on over the API's host.
    @Test func aDeadAvatarHostFailsItsAvatarAlone() async throws {
        let server = try await ServeProcess(["--data", dataset.path])
        let cache = try TemporaryFolder()
        let run = try await RickdexProcess.run(
            ["warm", "--all", "--no-thumbnails", "--json", "--image-host", "127.0.0.1:1", "--api", server.baseURL],
            environment: ["RICKDEX_CACHE_DIR": cache.path])
        #expect(run.status == 4, "\(run.stderr)")
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
        #expect(summary["stopped"] == nil, "\(run.stdout)")
        let warmed = try #require(summary["avatars"] as? [String: Any])
        #expect(warmed["fetched"] as? Int == 826 - avatars.count, "\(warmed)")
    }
}
