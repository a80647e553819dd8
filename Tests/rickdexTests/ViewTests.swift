import BlockArt
import Foundation
import LoupeImaging
import TestSupport
import Testing
import LoupeToolbox

/// The views with avatars, run as real processes: in a pipe, and on a real terminal (tmux).
@Suite struct ViewTests {
    func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> RickdexProcess.Run {
        try await RickdexProcess.run(arguments, environment: environment)
    }

    @Test func searchCardsPutARoundAvatarBesideEachResult() async throws {
        let result = try await run([
            "search", "rick", "--api", "fixtures", "--preview", "--color", "always", "--color-mode", "truecolor",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // 20 results of 4 lines (an 8x8 circle beside three lines of text), then the summary.
        #expect(lines.count == 20 * 4 + 2)
        #expect(lines[0].hasPrefix(" \u{1B}[38;2;"), "the circle's corner keeps the terminal's background")
        #expect(lines[0].contains("Rick Sanchez"))
        #expect(lines[1].contains("Alive · Human"))
        #expect(lines[2].contains("at Citadel of Ricks"))
        #expect(lines[4].contains("Juggling Rick"), "results stay in order")
        #expect(lines[80].contains("page 1 of 5 · 97 matches"))
    }

    @Test func piped_searchPrintsRows_andPreviewSizeAndNoPreviewWork() async throws {
        let piped = try await run(["search", "rick", "--api", "fixtures"])
        #expect(piped.stdout.hasPrefix("1\tRick Sanchez\t"))
        #expect(!piped.stdout.contains("▀"))
        let large = try await run(["search", "rick", "--api", "fixtures", "--preview", "--preview-size", "16"])
        let lines = large.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 20 * 8 + 2, "16 columns make 8 lines a result")
        #expect(!large.stdout.contains("\u{1B}"), "no color in a pipe: ASCII shades")
        #expect(lines[0].hasPrefix("   ") && !lines[0].hasPrefix("    ."), "the circle's corner is blank")
        let refused = try await run(["search", "rick", "--api", "fixtures", "--preview-size", "7"])
        #expect(refused.status == 1)
    }

    @Test func showPutsALargeAvatarBesideTheDetail() async throws {
        let result = try await run(["show", "1", "--api", "fixtures", "--preview", "--color", "always", "--color-mode", "256"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasPrefix("      \u{1B}["), "24 columns: the top row of the circle starts 6 cells in")
        #expect(lines[1].contains("Rick Sanchez"))
        #expect(lines[2].contains("Status"))
        #expect(lines[0].contains("\u{1B}[38;5;"))
        #expect(lines.contains { $0.contains("Episodes (51)") })
    }

    @Test func episodesAndLocationsShowTheirCast() async throws {
        let episode = TestData.fixturesDataset.episodes[0]
        let piped = try await run(["episode", "s01e01", "--api", "fixtures"])
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.hasPrefix("\(episode.name)  S01E01 · #1"))
        #expect(piped.stdout.contains("Characters (\(episode.characters.count))"))
        #expect(piped.stdout.contains("  1    Rick Sanchez"))
        let json = try await run(["episode", "1", "--api", "fixtures", "--json"])
        let decoded = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((decoded?["characters"] as? [Any])?.count == episode.characters.count)
        let grid = try await run(["location", "3", "--api", "fixtures", "--preview", "--color", "never"])
        let residents = TestData.fixturesDataset.locations[2].residents.count
        #expect(grid.stdout.contains("Residents (\(residents))"))
        // Without color each avatar is ASCII shades: the first resident's, drawn here from its file.
        let first = try #require(
            TestData.fixturesDataset.locations[2].residents.first.flatMap { Int($0.split(separator: "/").last ?? "") })
        let bytes = try [UInt8](Data(contentsOf: TestData.fixturesDataset.avatarFile(id: first)))
        let thumbnail = try Thumbnailer(circle: ImageProcessors.CircleThumbnail(size: 64)).thumbnail(bytes)
        let shades = CellRenderer(symbols: .half, mode: .none).render(thumbnail, columns: 8, rows: 4)
        #expect(shades.contains { $0.contains(where: { $0 != " " }) })
        for line in shades { #expect(grid.stdout.contains(line), "ASCII avatar line '\(line)'") }
        let unknown = try await run(["episode", "S09E99", "--api", "fixtures"])
        #expect(unknown.status == 3)
        #expect(unknown.stderr == "rickdex: episode S09E99 not found\n")
    }

    @Test func artDrawsFilesInOrderAndReportsTheBadOnes() async throws {
        let folder = try TemporaryFolder()
        let broken = folder.appendingPathComponent("broken.jpeg")
        try Data("<html>no</html>".utf8).write(to: broken)
        let avatar = TestData.fixtures.appendingPathComponent("avatars/1.jpeg").path
        let result = try await run(["art", avatar, broken.path, avatar, "--width", "16", "--color", "never"])
        #expect(result.status == 4)
        #expect(result.stderr.contains("broken.jpeg: not a JPEG or PNG image"))
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 16, "two square images, 16 columns, 8 lines each")
        #expect(lines.allSatisfy { $0.count == 16 })
        #expect(Array(lines.prefix(8)) == Array(lines.suffix(8)))
    }

    /// On a real terminal: tmux runs `rickdex search` in a 100-column pane; the screen it shows
    /// must hold the cards with their half-block avatars.
    @Test func searchOnARealTerminalShowsAvatars() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else {
            Issue.record("tmux is missing: scripts/test installs it")
            return
        }
        let socket = "rickdex-test-\(UUID().uuidString.prefix(8))"
        let cache = try TemporaryFolder()
        let command =
            "env -u NO_COLOR RICKDEX_CACHE_DIR=\(cache.path) COLORTERM=truecolor \(RickdexProcess.executable.path) search rick --api fixtures;"
            + " echo DONE; sleep 30"
        let screen = try await onOwnThread { () -> String in
            try Self.newSession(socket, width: 100, height: 90, command: command)
            defer { _ = try? Self.tmux(["-L", socket, "kill-server"]) }
            let deadline = Date().addingTimeInterval(60)
            var captured = ""
            while Date() < deadline {
                captured = try Self.tmux(["-L", socket, "capture-pane", "-p", "-e", "-S", "0", "-E", "89"])
                if captured.contains("DONE") { return captured }
                usleep(100_000)
            }
            Issue.record("the command did not finish within 60 s; the pane:\n\(captured)")
            return captured
        }
        // The screen as tmux holds it, with its colors (`-e`), and as plain text.
        let plain = screen.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(plain.contains("DONE"), "rickdex finished within a minute")
        #expect(plain.contains("Rick Sanchez  #1"))
        #expect(plain.contains("Alive · Human · Male"))
        #expect(plain.contains("▀") || plain.contains("▄"))
        #expect(screen.contains("38;2;"), "truecolor inside tmux, as COLORTERM says")
        #expect(plain.contains("page 1 of 5 · 97 matches"))
        #expect(plain.split(separator: "\n").allSatisfy { $0.count <= 100 }, "nothing wider than the pane")
    }

    /// Starts a detached tmux session on `socket` running `command` (through the shell).
    ///
    /// Through `ChildProcess`, not system(3) or `Process`: the server tmux forks keeps its
    /// client's descriptors and signal mask. A client forked by system(3) has all of this
    /// process's descriptors, other tests' output pipes among them, whose readers then wait for
    /// an end of file until the server exits (tests stalled that way under the full suite); one
    /// started by `Process` from a Dispatch thread has most signals blocked, and such a server
    /// outlived `kill-server` and SIGTERM. `ChildProcess` hands the child only its three streams,
    /// with default signal handling.
    static func newSession(_ socket: String, width: Int, height: Int, command: String) throws {
        TestRun.endAtExit(tmuxServer: socket)
        let client = try ChildProcess(
            executable: "/usr/bin/tmux",
            arguments: ["-L", socket, "new-session", "-d", "-x", "\(width)", "-y", "\(height)", command])
        client.closeInput()
        guard client.wait() == 0 else { throw CocoaError(.executableLoad) }
    }

    /// Runs a tmux client command (one that starts no server) and returns what it printed.
    @discardableResult
    static func tmux(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        return String(decoding: try process.finishBlocking("tmux \(arguments.first ?? "")").stdout, as: UTF8.self)
    }
}
