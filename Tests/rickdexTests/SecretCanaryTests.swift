import Foundation
import TestSupport
import Testing

/// A password in `--api` (or `RICKDEX_API`) is written nowhere: a canary grepped for in the
/// output and errors of every command, in the cache folder, in an export with its manifest and
/// gallery, and in what `ps` reads of the running process.
@Suite struct SecretCanaryTests {
    static let canary = "CANARY-9d41e7"

    /// Every byte of every file under `folder`, as text.
    static func contents(under folder: URL) -> String {
        let paths = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
        return paths.compactMap { FileManager.default.contents(atPath: folder.appendingPathComponent($0).path) }
            .map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
    }

    @Test func noCommandWritesThePassword() async throws {
        let server = try await ServeProcess(["--data", TestData.fixtures.path])
        let api = server.baseURL.replacingOccurrences(of: "http://", with: "http://rick:\(Self.canary)@")
        let cache = try TemporaryFolder()
        let out = try TemporaryFolder()
        let environment = ["RICKDEX_CACHE_DIR": cache.path]
        let commands: [[String]] = [
            ["search", "rick", "--json"], ["search", "rick", "-v", "--no-preview"], ["search", "--all", "--json"],
            ["show", "1", "-v"], ["show", "morty smith", "--json"], ["episode", "1", "--json"],
            ["location", "1", "--json"], ["search", "zzzzqx", "-v"], ["show", "Rik Sanchz"], ["browse", "--filter", "smith"],
            ["warm", "smith", "-v", "--json"],
            ["export", "--ids", "1,2", "--out", out.appendingPathComponent("site").path, "--html", "-v"],
            ["sheet", "smith", "-o", out.appendingPathComponent("sheet.png").path],
        ]
        var seen = ""
        for command in commands {
            let run = try await RickdexProcess.run(command + ["--api", api], environment: environment)
            // 3: no such character, for the misspelled name, whose hint is the point.
            #expect([0, 1, 3].contains(run.status), "\(command): \(run.stderr)")
            seen += run.stdout + run.stderr
        }
        for command in [["cache", "stats", "--json"], ["cache", "verify"]] {
            let run = try await RickdexProcess.run(command, environment: environment)
            #expect(run.status == 0, "\(command): \(run.stderr)")
            seen += run.stdout + run.stderr
        }
        // Offline, the same cache: the hint names the API as the user typed it, masked.
        let offline = try await RickdexProcess.run(["search", "nobody-here", "--offline", "--api", api], environment: environment)
        seen += offline.stdout + offline.stderr
        // The same command line with RICKDEX_API, and an --api that does not parse.
        let variable = try await RickdexProcess.run(
            ["search", "rick", "-v"], environment: environment.merging(["RICKDEX_API": api]) { $1 })
        #expect(variable.status == 0, "\(variable.stderr)")
        seen += variable.stdout + variable.stderr
        let malformed = try await RickdexProcess.run(["search", "rick", "--api", api + "?x=1"], environment: environment)
        #expect(malformed.status != 0 && malformed.stderr.contains("rick:***@"), "\(malformed.stderr)")
        seen += malformed.stdout + malformed.stderr
        // A host that refuses: the error and its hint.
        let refused = try await RickdexProcess.run(
            ["search", "rick", "--api", "http://rick:\(Self.canary)@127.0.0.1:1/api"], environment: environment)
        #expect(refused.status != 0, "\(refused.stderr)")
        seen += refused.stdout + refused.stderr
        #expect(!seen.contains(Self.canary), "the password was printed")
        #expect(!Self.contents(under: cache.url).contains(Self.canary), "the password is in the cache")
        #expect(!Self.contents(under: out.url).contains(Self.canary), "the password is in the export")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("site/manifest.json").path))
    }

    /// `ps` reads the process's own argument memory: the password is blanked there, as curl does.
    @Test func psDoesNotShowThePassword() async throws {
        let server = try await ServeProcess(["--data", TestData.fixtures.path, "--latency", "3000"])
        let api = server.baseURL.replacingOccurrences(of: "http://", with: "http://rick:\(Self.canary)@")
        let process = try RickdexProcess.start(["search", "rick", "--json", "--api", api])
        // Waiting on the slow server, well after start-up.
        var commandLine = ""
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let bytes = FileManager.default.contents(atPath: "/proc/\(process.processIdentifier)/cmdline") ?? Data()
            commandLine = String(decoding: bytes.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            if commandLine.contains("rick:*") { break }
            usleep(50_000)
        }
        #expect(commandLine.contains("--api http://rick:*"), "\(commandLine)")
        #expect(!commandLine.contains(Self.canary), "\(commandLine)")
        process.terminate()
        _ = try await process.finish("rickdex search")
    }
}
