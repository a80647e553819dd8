import APIServer
import Foundation
import RickAndMortyAPI
import TestSupport
import Testing

/// The `rickdex` executable, run as a real process.
@Suite struct CommandLineTests {
    func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> RickdexProcess.Run {
        try await RickdexProcess.run(arguments, environment: environment)
    }

    /// Piped, a line a character, every field whole and tab-separated, every page, and nothing
    /// else on stdout.
    @Test func searchPipedPrintsWholeTabSeparatedRows() async throws {
        let result = try await run(["search", "rick", "--api", "fixtures"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == TestData.fixturesDataset.characters.filter { $0.name.lowercased().contains("rick") }.count)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(lines.first == "1\tRick Sanchez\tAlive\tHuman\t\tMale\tEarth (C-137)\tCitadel of Ricks")
        #expect(lines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 8 })
        #expect(!result.stdout.contains("\u{1B}"), "no escapes when stdout is not a terminal")
        let headed = try await run(["search", "rick", "--api", "fixtures", "--header"])
        #expect(headed.stdout.hasPrefix("id\tname\tstatus\tspecies\ttype\tgender\torigin\tlocation\n1\tRick Sanchez\t"))
        // A long name is whole, so grep finds it.
        let long = try await run(["search", "--api", "fixtures", "--all"])
        let longest = try #require(TestData.fixturesDataset.characters.map(\.name).max { $0.count < $1.count })
        #expect(long.stdout.contains("\t\(longest)\t"), "\(longest)")
    }

    /// `--color` changes the color, never the format: piped rows stay tab-separated.
    @Test func colorAlwaysAddsEscapesAndNeverRemovesThem() async throws {
        let always = try await run(["search", "rick", "--api", "fixtures", "--color", "always"])
        #expect(always.stdout.hasPrefix("1\tRick Sanchez\t\u{1B}[32mAlive\u{1B}[0m\tHuman\t"), "\(always.stdout.prefix(200))")
        let noColor = try await run(["search", "rick", "--api", "fixtures", "--color", "auto"], environment: ["NO_COLOR": "1"])
        #expect(!noColor.stdout.contains("\u{1B}"))
    }

    @Test func searchJSONPrintsEveryMatchWithAll() async throws {
        let result = try await run(["search", "--status", "alive", "--species", "human", "--all", "--json", "--api", "fixtures"])
        #expect(result.status == 0)
        let decoded = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let results = try #require(decoded?["results"] as? [[String: Any]])
        let expected = TestData.fixturesDataset.characters.filter {
            $0.status == "Alive" && $0.species.lowercased().contains("human")
        }
        #expect(results.count == expected.count)
        #expect((decoded?["info"] as? [String: Any])?["count"] as? Int == expected.count)
        #expect(results.first?["name"] as? String == "Rick Sanchez")
        #expect(results.first?["created"] as? String == TestData.fixturesDataset.characters[0].created)
    }

    /// `--json` writes each object's keys in the order the API does: `id` first, `created` last.
    @Test func jsonKeysComeInTheAPIsOrder() async throws {
        let result = try await run(["show", "1", "--json", "--api", "fixtures"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.hasPrefix(
                """
                {
                  "character" : {
                    "id" : 1,
                    "name" : "Rick Sanchez",
                    "status" : "Alive",
                    "species" : "Human",
                    "type" : "",
                    "gender" : "Male",
                    "origin" : {
                """), "\(result.stdout.prefix(300))")
        let created = try #require(result.stdout.range(of: #""created" : "2017-11-04T18:50:30.250Z""#))
        let url = try #require(result.stdout.range(of: #""url" : ""#))
        #expect(url.lowerBound < created.lowerBound, "created last, as the API writes it")
        // The same bytes every run, but for the port of `--api fixtures`' server.
        let again = try await run(["show", "1", "--json", "--api", "fixtures"])
        let host = #/127\.0\.0\.1:\d+/#
        #expect(again.stdout.replacing(host, with: "host") == result.stdout.replacing(host, with: "host"))
    }

    @Test func showPrintsTheDetailAndTheEpisodes() async throws {
        let result = try await run(["show", "1", "--api", "fixtures"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Rick Sanchez  #1"))
        #expect(result.stdout.contains("Created   Nov 4, 2017"))
        #expect(result.stdout.contains("Episodes (51)"))
        #expect(result.stdout.contains("S01E01  Pilot"))
    }

    @Test(arguments: [
        (["show", "99999", "--api", "fixtures"], Int32(3), "character 99999 not found"),
        (["search", "--bogus"], Int32(1), "Unknown option '--bogus'"),
        (["search", "--page", "0", "--api", "fixtures"], Int32(1), "--page takes a page number of 1 or more, e.g. --page 2, not 0"),
        (["search", "--api", "ftp://example.com"], Int32(1), "invalid for '--api <url>': expected an http(s) URL with a host, or 'fixtures'"),
        (["search", "--api", "http://127.0.0.1:9/api"], Int32(2), "cannot reach 127.0.0.1"),
    ])
    func failuresExitWithTheDocumentedCode(arguments: [String], status: Int32, message: String) async throws {
        let result = try await run(arguments)
        #expect(result.status == status)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func withoutLibcurlARequestSaysWhatToInstallAndOfflineStillWorks() async throws {
        try await TestData.withServer { base async throws in
            let cache = try TestData.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: cache) }
            let api = base.absoluteString
            let withLibcurl = try await run(["show", "1", "--api", api], environment: ["RICKDEX_CACHE_DIR": cache.path])
            #expect(withLibcurl.status == 0)
            // libcurl is loaded on the first request, so a missing one stops only requests.
            let missing = ["RICKDEX_CACHE_DIR": cache.path, "RICKDEX_LIBCURL": "/nonexistent/libcurl.so.4"]
            let online = try await run(["show", "2", "--api", api], environment: missing)
            #expect(online.status == 2)
            #expect(online.stderr.contains("libcurl could not be loaded"), "\(online.stderr)")
            #expect(online.stderr.contains("/nonexistent/libcurl.so.4"), "\(online.stderr)")
            #expect(online.stderr.contains("apt-get install libcurl4"), "\(online.stderr)")
            let offline = try await run(["show", "1", "--offline", "--api", api], environment: missing)
            #expect(offline.status == 0, "\(offline.stderr)")
            #expect(offline.stdout.contains("Rick Sanchez"))
            #expect(try await run(["--version"], environment: missing).status == 0)
        }
    }

    /// One executable serves: a lone copy runs `serve` and `--api fixtures` (as a child of its
    /// own) with nothing beside it but the dataset it is pointed at, and says where it looked when
    /// the dataset is not there.
    @Test func aLoneRickdexServesTheDatasetItIsPointedAt() async throws {
        let folder = try TemporaryFolder()
        let alone = folder.appendingPathComponent("rickdex")
        try Self.copyExecutable(RickdexProcess.executable, to: alone)
        let fixtures = ["RICKDEX_FIXTURES": TestData.fixtures.path]
        let search = try await RickdexProcess.run(
            ["search", "rick", "--api", "fixtures", "--no-preview"], environment: fixtures, executable: alone)
        #expect(search.status == 0, "\(search.stderr)")
        #expect(search.stdout.contains("Rick Sanchez"))
        #expect(
            search.stdout.split(separator: "\n").count == TestData.fixturesDataset.characters.filter { $0.name.lowercased().contains("rick") }.count,
            "every page of tab-separated rows")

        let empty = try TemporaryFolder()
        for arguments in [["search", "rick", "--api", "fixtures"], ["serve", "--port", "0"]] {
            let result = try await RickdexProcess.run(
                arguments, environment: ["RICKDEX_FIXTURES": empty.path], executable: alone)
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("RICKDEX_FIXTURES names \(empty.path), which holds no characters.json"))
        }
    }

    /// Copies an executable through a descriptor closed on exec. A copy written through one that
    /// is not can be inherited by a child another test spawns at that moment, and while that child
    /// holds it open for writing, running the copy fails with "Text file busy" (ETXTBSY).
    static func copyExecutable(_ source: URL, to destination: URL) throws {
        let bytes = try Data(contentsOf: source)
        let file = open(destination.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        guard file >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(file) }
        try bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var written = 0
            while written < buffer.count {
                let count = write(file, base + written, buffer.count - written)
                guard count > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                written += count
            }
        }
    }

    @Test func theFixturesServerEndsWithItsCommandEvenAKilledOne() async throws {
        let cache = try TemporaryFolder()
        let command = try RickdexProcess.start(
            ["warm", "--all", "--api", "fixtures"], environment: ["RICKDEX_CACHE_DIR": cache.path])
        defer { kill(command.processIdentifier, SIGKILL) }
        let parent = command.processIdentifier
        // Found, named and its command killed on one thread: a hop back to the cooperative pool
        // can wait while other tests hold it, and the warm could end meanwhile, its server with it.
        let server = try await onOwnThread { () -> (pid: Int32, name: String)? in
            // The child appears once the command has started it, under the thread that did; the
            // command is killed once the server has answered (entries are cached), not as it starts.
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline {
                let entries = FileManager.default.enumerator(atPath: cache.path)?.allObjects.count ?? 0
                guard entries > 20 else {
                    usleep(20_000)
                    continue
                }
                let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(parent)/task")) ?? []
                let children = threads.compactMap {
                    try? String(contentsOfFile: "/proc/\(parent)/task/\($0)/children", encoding: .utf8)
                }
                if let pid = children.joined(separator: " ").split(separator: " ").first.flatMap({ Int32($0) }),
                    let name = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)
                {
                    kill(parent, SIGKILL)
                    return (pid, name)
                }
                usleep(20_000)
            }
            return nil
        }
        let (pid, name) = try #require(server, "warm --api fixtures started no server")
        #expect(name == "rickdex\n")
        command.exitStatus()
        let ended = try await onOwnThread { () -> Bool in
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline {
                // Gone, or a zombie its new parent has yet to reap.
                guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
                if stat.split(separator: ")").last?.split(separator: " ").first == "Z" { return true }
                usleep(20_000)
            }
            return false
        }
        #expect(ended, "the server \(pid) outlived the command that started it")
    }

    @Test func unreachableSuggestsTheFixtures() async throws {
        let result = try await run(["search", "--api", "http://127.0.0.1:9/api"])
        #expect(result.stderr.contains("--api fixtures"))
    }

    @Test func hostileNamesPrintAsPlainText() async throws {
        var dataset = TestData.fixturesDataset
        dataset.characters[0].name = "Rick\u{1B}[2J\u{1B}]52;c;cm0gLXJmIH4=\u{07}\u{07} Sanchez"
        dataset.characters[0].species = "Hu\u{1B}[31mman"
        dataset.locations[0].name = "Earth\u{9B}2J"
        try await TestData.withServer(dataset) { base async throws in
            let views = [
                ["search", "rick"], ["show", "1"], ["search", "rick", "--color", "always"],
                ["search", "rick", "--preview", "--color", "always"], ["show", "1", "--preview", "--color", "always"],
                ["search", "rick", "--preview", "--color", "always", "--color-mode", "16"],
                ["episode", "1", "--preview", "--color", "always"], ["location", "1", "--preview", "--color", "always"],
                ["episode", "S01E01"],
            ]
            for arguments in views {
                let result = try await run(arguments + ["--api", base.absoluteString])
                #expect(result.status == 0)
                #expect(result.stdout.contains("Rick Sanc") || arguments[0] == "location", "\(arguments)")
                #expect(!result.stdout.contains("]52;") && !result.stdout.contains("\u{07}") && !result.stdout.contains("[2J"))
                #expect(!result.stdout.contains("\u{9B}"))
                // Every escape left is one of ours: color and style (SGR), nothing else.
                let escapes = result.stdout.components(separatedBy: "\u{1B}[").dropFirst()
                #expect(escapes.allSatisfy { $0.range(of: "^[0-9;]*m", options: .regularExpression) != nil }, "\(arguments)")
                #expect(result.stdout.components(separatedBy: "\u{1B}").count == escapes.count + 1, "\(arguments)")
            }
        }
    }

    @Test func serveAnswersWithTheRealSemantics() async throws {
        let process = Process()
        process.executableURL = RickdexProcess.executable
        process.arguments = ["serve", "--port", "0", "--data", TestData.fixtures.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        defer {
            process.terminate()
            process.exitStatus()
        }
        let url = try #require(URL(string: try await process.firstLine("serve's API root")))
        #expect(url.absoluteString.hasPrefix("http://127.0.0.1:") && url.path == "/api")
        let client = HTTPRickAndMortyClient(root: TestData.root(url))
        #expect(try await client.character(id: 2).name == "Morty Smith")
        let result = try await run(["search", "--gender", "male", "--json", "--all", "--api", url.absoluteString])
        let decoded = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect((decoded?["info"] as? [String: Any])?["count"] as? Int == TestData.fixturesDataset.characters.filter { $0.gender == "Male" }.count)
    }

    @Test func thumbnailWritesCircularPNGsAndReportsBadFiles() async throws {
        let folder = try TestData.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("broken.jpeg")
        try Data("<html>not an image</html>".utf8).write(to: bad)
        let avatars = [1, 2].map { TestData.fixtures.appendingPathComponent("avatars/\($0).jpeg").path }
        let out = folder.appendingPathComponent("out")
        let result = try await run(["thumbnail"] + avatars + [bad.path, "--size", "48", "--ring", "--out", out.path])
        #expect(result.status == 4)
        #expect(result.stderr.contains("broken.jpeg") && result.stderr.contains("not a JPEG or PNG image"))
        for id in [1, 2] {
            let png = try Data(contentsOf: out.appendingPathComponent("\(id)-48.png"))
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            let width = Int(png[16]) << 24 | Int(png[17]) << 16 | Int(png[18]) << 8 | Int(png[19])
            #expect(width == 48)
        }
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("broken-48.png").path))
    }

    @Test func sheetFromTheAPIAndFromADatasetFolderAgree() async throws {
        let folder = try TestData.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let viaAPI = folder.appendingPathComponent("api.png"), viaData = folder.appendingPathComponent("data.png")
        let api = try await run(["sheet", "smith", "--all", "--api", "fixtures", "-o", viaAPI.path, "--columns", "5"])
        #expect(api.status == 0, "\(api.stderr)")
        let data = try await run(["sheet", "smith", "--data", TestData.fixtures.path, "-o", viaData.path, "--columns", "5"])
        #expect(data.status == 0, "\(data.stderr)")
        let first = try Data(contentsOf: viaAPI), second = try Data(contentsOf: viaData)
        let same = first == second
        #expect(same, "the same characters and avatars make the same sheet")
        #expect(api.stderr.contains("characters"))
    }

    @Test func sheetRefusesAnUnwritableFolderBeforeAnyWork() async throws {
        let result = try await run(["sheet", "--api", "fixtures", "-o", "/proc/rickdex/sheet.png"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("/proc/rickdex"))
    }

    @Test func helpDocumentsTheExitCodes() async throws {
        let result = try await run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("3  not found"))
        #expect(result.stdout.contains("4  some items of a batch failed"))
        for command in ["search", "show", "sheet", "thumbnail", "serve"] {
            #expect(try await run([command, "--help"]).status == 0)
        }
    }
}
