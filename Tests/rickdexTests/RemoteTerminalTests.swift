import Foundation
import TestSupport
import Testing

/// Rickdex on a terminal far away: tmux (with its default options) as the terminal, and
/// `scripts/latency-pty` between it and Rickdex holding every byte back 150 ms each way (a 300 ms
/// round trip, as ssh to a distant machine), optionally handing keys over one byte at a time.
@Suite struct RemoteTerminalTests {
    typealias Pane = BrowseTerminalTests.Pane

    static let relay = TestData.repositoryRoot.appendingPathComponent("scripts/latency-pty").path

    /// `command` behind the relay, in an environment of its own (cache and probe memory).
    static func remote(_ command: String, folder: TemporaryFolder, bytewise: Bool = false, mute: Bool = false) -> String {
        let options = (bytewise ? " --bytewise" : "") + (mute ? " --mute" : "")
        return "env -u NO_COLOR RICKDEX_CACHE_DIR=\(folder.path)/cache XDG_RUNTIME_DIR=\(folder.path) "
            + "\(relay) --delay 150\(options) -- \(command)"
    }

    static var rickdex: String { RickdexProcess.executable.path }

    /// The lines of a screen that hold anything.
    static func filled(_ screen: String) -> [String] {
        screen.split(separator: "\n").map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// Fragments of the probe's answers that would show if one leaked onto the screen.
    static let answerTraces = ["62;", ";c", "rgb:", ">|", "Gi=31", "tmux 3", "[?", "^["]

    @Test(arguments: [false, true])
    func browseAtA300MillisecondRoundTripOpensNarrowsMovesOpensAndQuitsCleanly(bytewise: Bool) async throws {
        let folder = try TemporaryFolder()
        // A server whose names are not indexed in this fresh cache: the API's search, as the
        // counts below are (the bundled data would find as fzf finds).
        let server = try await ServeProcess(["--data", TestData.fixtures.path])
        let pane = try Pane(
            "printf 'before\\n'; " + Self.remote("\(Self.rickdex) browse --api \(server.baseURL)", folder: folder, bytewise: bytewise)
                + "; echo STATUS=$?")
        let screens = try await onOwnThread {
            let start = try pane.wait(for: "page 1 of 42")
            try pane.keys("rick", literal: true)
            let narrowed = try pane.wait(for: "97 matches")
            try pane.keys("Down")
            try pane.keys("Down")
            try pane.keys("Up")
            let moved = try pane.wait(for: "▶ ● Juggling Rick")
            try pane.keys("Enter")
            let detail = try pane.wait(for: "Episodes (")
            try pane.keys("Escape")
            // The status bar is the frame's last line: once it is back, the whole list is.
            let back = try pane.wait(for: "97 matches")
            try pane.keys("C-c")
            let end = try pane.wait(for: "DONE")
            return [start, narrowed, moved, detail, back, end]
        }
        #expect(screens[0].contains("826 matches · page 1 of 42") && screens[0].contains("Rick Sanchez #1"))
        #expect(screens[1].contains("Search › rick") && screens[1].contains("97 matches"))
        #expect(screens[2].contains("▶ ● Juggling Rick"))
        #expect(screens[3].contains("Juggling Rick  #7") && screens[3].contains("Status"))
        #expect(screens[4].contains("▶ ● Juggling Rick"), "Escape (after its timeout) went back to the list, not out of browse")
        let lines = Self.filled(screens[5])
        #expect(lines.first == "before", "the screen is as it was before browse")
        #expect(lines.dropFirst().first == "STATUS=130", "Ctrl-C quits with fzf's 130 and leaves nothing behind: \(lines)")
        for trace in Self.answerTraces { #expect(!screens[5].contains(trace), "no answer shows: \(trace)") }
    }

    @Test func aSearchFromAShellLeavesOnTheNextLineOnlyWhatWasTyped() async throws {
        let folder = try TemporaryFolder()
        // A probe timeout under the round trip: the answers come after the probe gave up, and
        // must still not reach the shell.
        let shell = "env PS1='$ ' RICKDEX_PROBE_TIMEOUT=0.2 bash --norc --noprofile -i"
        let pane = try Pane(Self.remote(shell, folder: folder))
        let screen = try await onOwnThread { () -> String in
            _ = try pane.wait(for: "$")  // capture-pane drops the space after the prompt
            try pane.keys("\(Self.rickdex) search juggling --api fixtures", literal: true)
            try pane.keys("Enter")
            // Typed ahead while the search runs.
            try pane.keys("echo typed-ahead", literal: true)
            _ = try pane.wait(for: "3 matches")
            try pane.keys("Enter")
            return try pane.wait(for: "\ntyped-ahead")
        }
        let lines = Self.filled(screen)
        let results = try #require(lines.firstIndex { $0.contains("3 matches") })
        #expect(lines.dropFirst(results + 1).first == "$ echo typed-ahead", "the next line holds only what was typed: \(lines)")
        #expect(lines.dropFirst(results + 2).first == "typed-ahead")
        for trace in Self.answerTraces { #expect(!screen.contains(trace), "no answer shows: \(trace)") }
    }

    @Test func theTerminalIsAskedOnceASessionAndTheSecondCommandReusesItsAnswers() async throws {
        let folder = try TemporaryFolder()
        let output = folder.appendingPathComponent("pane-output")
        let twice = "sh -c '\(Self.rickdex) terminal --json; \(Self.rickdex) terminal --json'"
        let pane = try Pane("sleep 0.5; " + Self.remote(twice, folder: folder))
        _ = try ViewTests.tmux(["-L", pane.socket, "pipe-pane", "-o", "cat >> \(output.path)"])
        _ = try await onOwnThread { try pane.wait(for: "DONE") }
        let raw = String(decoding: try Data(contentsOf: output), as: UTF8.self)
        #expect(raw.components(separatedBy: "\u{1B}[c").count == 2, "one DA1 query in two commands")
        let reports = raw.components(separatedBy: "\"probe\" : ").dropFirst().map { $0.prefix { $0 != "," } }
        // Both say the round trip the first measured: the relay's 300 ms, at least.
        let took = try #require(reports.first?.split(separator: " ").dropFirst(2).first.flatMap { Int($0) })
        #expect(took >= 290, "\(reports)")
        #expect(reports == ["\"answered in \(took) ms\"", "\"answered in \(took) ms (remembered for this terminal session)\""])
    }

    @Test func aTerminalThatNeverAnswersCostsTheTimeoutOnceASession() async throws {
        let folder = try TemporaryFolder()
        let commands = "\(Self.rickdex) terminal; \(Self.rickdex) terminal; \(Self.rickdex) search juggling --api fixtures"
        let run = try await RickdexProcess.run(
            ["python3", Self.relay, "--mute", "--delay", "0", "--", "sh", "-c", commands],
            environment: ["XDG_RUNTIME_DIR": folder.path, "RICKDEX_PROBE_TIMEOUT": "0.3", "TERM": "xterm-256color"],
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.components(separatedBy: "\u{1B}[c").count == 2, "asked once in three commands")
        let probes = run.stdout.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("Probe") }.map {
            $0.dropFirst(12).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(
            probes == ["no answer within 0.30 s", "no answer within 0.30 s (remembered for this terminal session)"],
            "\(run.stdout)")
        #expect(run.stdout.contains("Juggling Rick"))
    }

    @Test func yInsideTmuxWithItsDefaultOptionsFillsTmuxsBuffer() async throws {
        let folder = try TemporaryFolder()
        let pane = try Pane(Self.remote("\(Self.rickdex) browse --api fixtures", folder: folder))
        let (screen, buffer, setting) = try await onOwnThread { () -> (String, String, String) in
            _ = try pane.wait(for: "page 1 of 42")
            try pane.keys("Down")
            _ = try pane.wait(for: "▶ ● Morty Smith")
            try pane.keys("C-o")
            let screen = try pane.wait(for: "copied")
            // Read while the pane's server surely runs.
            let buffer = try ViewTests.tmux(["-L", pane.socket, "show-buffer"])
            let setting = try ViewTests.tmux(["-L", pane.socket, "show-options", "-gv", "set-clipboard"])
            try pane.keys("C-c")
            _ = try pane.wait(for: "DONE")
            return (screen, buffer, setting)
        }
        #expect(setting == "external\n", "tmux's default")
        // Under `--api fixtures` the link is the real service's, as `--json` writes it: the loopback
        // port closes with the command.
        #expect(screen.contains("copied to tmux's buffer and the terminal's clipboard: https://rickandmortyapi…"))
        #expect(buffer == "https://rickandmortyapi.com/api/character/2 — Morty Smith · Alive · Human · Citadel of Ricks")
    }
}
