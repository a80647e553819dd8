import APIServer
import BlockArt
import Foundation
import RickAndMortyAPI
import TestSupport
import Testing

@testable import rickdex

/// `rickdex browse` on a real terminal, driven through tmux.
@Suite struct BrowseTerminalTests {
    final class Pane: Sendable {
        let socket = "rickdex-browse-\(UUID().uuidString.prefix(8))"

        init(_ command: String) throws {
            try ViewTests.newSession(socket, width: 100, height: 40, command: "\(command); stty -a; echo DONE; sleep 60")
        }

        /// Ends the pane's processes (a browse a test left running among them) and the server: a
        /// killed server alone would wait for them.
        deinit {
            let panes = (try? ViewTests.tmux(["-L", socket, "list-panes", "-a", "-F", "#{pane_pid}"])) ?? ""
            // Each pane's command leads a process group of its own (no job control in it).
            for pid in panes.split(whereSeparator: \.isNewline).compactMap({ Int32($0) }) { kill(-pid, SIGKILL) }
            _ = try? ViewTests.tmux(["-L", socket, "kill-server"])
        }

        func keys(_ keys: String..., literal: Bool = false) throws {
            _ = try ViewTests.tmux(["-L", socket, "send-keys"] + (literal ? ["-l"] : []) + keys)
        }

        /// Sends raw bytes (hex), as a terminal would write them.
        func bytes(_ hex: [String]) throws {
            _ = try ViewTests.tmux(["-L", socket, "send-keys", "-H"] + hex)
        }

        func screen() throws -> String { try ViewTests.tmux(["-L", socket, "capture-pane", "-p"]) }

        /// Waits (on this thread: call from `onOwnThread`) until the screen holds `text`; at
        /// the deadline the test fails, showing the last screen.
        func wait(
            for text: String, seconds: Double = 30, sourceLocation: SourceLocation = #_sourceLocation
        ) throws -> String {
            let deadline = Date().addingTimeInterval(seconds)
            var last = ""
            while Date() < deadline {
                last = try screen()
                if last.contains(text) { return last }
                usleep(50_000)
            }
            Issue.record("\"\(text)\" not on screen within \(seconds) s; last screen:\n\(last)", sourceLocation: sourceLocation)
            return last
        }
    }

    /// `rickdex serve` started again on `port`, which the system may take a moment to release.
    func restarted(_ arguments: [String], port: Int) async throws -> ServeProcess {
        var attempt = 0
        while true {
            do {
                return try await ServeProcess(arguments, port: port)
            } catch is ServeProcess.StartFailure where attempt < 20 {
                attempt += 1
                try await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    func command(_ api: String, cache: TemporaryFolder) -> String {
        "env -u NO_COLOR RICKDEX_CACHE_DIR=\(cache.path)/cache \(RickdexProcess.executable.path) browse --api \(api)"
    }

    /// `command`, then its exit status on the screen (`STATUS n`).
    func commandSayingStatus(_ api: String, cache: TemporaryFolder, _ more: String = "") -> String {
        command(api, cache: cache) + more + "; echo \"STATUS $?\""
    }

    /// Against a server whose names are not indexed (a fresh cache): browse asks the API, which
    /// matches a part of the name (the bundled data finds as fzf: `fuzzyFindingMarksTheLetters…`).
    @Test func typeSelectOpenGoBackQuitAndTheTerminalIsRestored() async throws {
        let cache = try TemporaryFolder()
        let server = try await ServeProcess(["--data", TestData.fixtures.path])
        let pane = try Pane(commandSayingStatus(server.baseURL, cache: cache))
        let screens = try await onOwnThread {
            // It opens on everyone.
            let start = try pane.wait(for: "page 1 of 42")
            try pane.keys("rick", literal: true)
            let results = try pane.wait(for: "97 matches")
            try pane.keys("Down")
            try pane.keys("Enter")
            let detail = try pane.wait(for: "Episodes (")
            try pane.keys("Escape")
            let back = try pane.wait(for: "97 matches")
            try pane.keys("C-d")  // on a line with text: deletes forward (nothing after the cursor)
            try pane.keys("C-a")
            try pane.keys("C-d")
            _ = try pane.wait(for: "Search › ▏ick")  // the cursor at the start, the r deleted
            try pane.keys("C-e", "BSpace", "BSpace", "BSpace")
            _ = try pane.wait(for: "826 matches")
            try pane.keys("C-d")  // on an empty line: quit
            let end = try pane.wait(for: "DONE")
            return [start, results, detail, back, end]
        }
        #expect(screens[0].contains("Search ›") && screens[0].contains("826 matches · page 1 of 42"))
        #expect(screens[0].contains("Rick Sanchez #1") && screens[0].contains("Morty Smith #2"))
        // (A slow moment under load puts the wait before the count in the status line, cutting its end.)
        #expect(screens[1].contains("Rick Sanchez #1") && screens[1].contains("97 matches"))
        #expect(screens[2].contains("Juggling Rick  #7") && screens[2].contains("Status"))
        #expect(screens[3].contains("▶ ● Juggling Rick"))
        let end = screens[4]
        #expect(end.contains("DONE"), "browse quit on Ctrl-D")
        #expect(end.contains("STATUS 130"), "quitting is fzf's 130")
        #expect(end.contains(" icanon") && !end.contains("-icanon"), "line editing is back")
        #expect(end.contains(" echo ") && !end.contains("-echo "), "echo is back")
    }

    /// As in fzf: letters type whatever was moved, so a word with q, p, y, g or r in it is a
    /// search, never a command (before, `quantum` after Down quit at the q, and `poopy` turned a page).
    @Test func lettersAlwaysTypeAfterMovingThroughTheList() async throws {
        let cache = try TemporaryFolder()
        let server = try await ServeProcess(["--data", TestData.fixtures.path])
        let pane = try Pane(command(server.baseURL, cache: cache))
        let screens = try await onOwnThread {
            _ = try pane.wait(for: "page 1 of 42")
            try pane.keys("rick", literal: true)
            _ = try pane.wait(for: "97 matches")
            try pane.keys("Down")
            try pane.keys("quantum", literal: true)
            let quantum = try pane.wait(for: "no matches for “rickquantum”")
            try pane.keys("C-u")
            _ = try pane.wait(for: "826 matches")
            try pane.keys("Down")
            try pane.keys("poopy", literal: true)
            let poopy = try pane.wait(for: "Search › poopy")
            // Typed in pieces, a byte at a time, as a slow link delivers them: the same.
            try pane.keys("C-u")
            for byte in Array("gyr".utf8) { try pane.bytes([String(byte, radix: 16)]) }
            let typed = try pane.wait(for: "Search › gyr")
            try pane.keys("C-c")
            let end = try pane.wait(for: "DONE")
            return [quantum, poopy, typed, end]
        }
        #expect(screens[0].contains("Search › rickquantum") && !screens[0].contains("DONE"), "still running")
        #expect(screens[1].contains("Search › poopy"), "no p turned a page")
        #expect(screens[2].contains("Search › gyr") && !screens[2].contains("Keys"))
        #expect(screens[3].contains("DONE"))
    }

    /// `id=$(rickdex browse)`: the screen on the terminal, the choice down the pipe.
    @Test func choosingPrintsTheCharacterForAScript() async throws {
        let cache = try TemporaryFolder()
        let chosen = cache.appendingPathComponent("chosen")
        let server = try await ServeProcess(["--data", TestData.fixtures.path])
        let pane = try Pane(command(server.baseURL, cache: cache) + " morty > \(chosen.path); echo \"STATUS $?\"")
        let end = try await onOwnThread { () -> String in
            _ = try pane.wait(for: "Search › morty")
            _ = try pane.wait(for: "matches · page 1")
            try pane.keys("Down")
            try pane.keys("Enter")
            return try pane.wait(for: "STATUS")
        }
        #expect(end.contains("STATUS 0"))
        let printed = try String(contentsOf: chosen, encoding: .utf8)
        // The second of morty's matches: Morty Smith is #2, Dipper Morty #21.
        #expect(printed == "21\n")
        // Quitting without a choice says so: a script never takes nothing for an answer.
        let quit = try Pane(command("fixtures", cache: cache) + " --print name > \(chosen.path); echo \"STATUS $?\"")
        let ended = try await onOwnThread { () -> String in
            _ = try quit.wait(for: "page 1 of 42")
            try quit.keys("Escape")
            return try quit.wait(for: "STATUS")
        }
        #expect(ended.contains("STATUS 130"), "aborted: 130, as fzf")
    }

    /// With the names indexed (the bundled data's), a keystroke filters as fzf does, with no
    /// pause and no request: `sanchez rick` finds Rick Sanchez, its letters marked.
    @Test func fuzzyFindingMarksTheLettersItMatched() async throws {
        let cache = try TemporaryFolder()
        let pane = try Pane(command("fixtures", cache: cache) + " --color always")
        let (screen, raw) = try await onOwnThread { () -> (String, String) in
            _ = try pane.wait(for: "826 matches")
            try pane.keys("sanchez rick", literal: true)
            _ = try pane.wait(for: "Search › sanchez rick")
            let found = try pane.wait(for: "Rick Sanchez #1")
            let raw = try ViewTests.tmux(["-L", pane.socket, "capture-pane", "-p", "-e"])
            try pane.keys("C-c")
            return (found, raw)
        }
        #expect(screen.contains("Rick Sanchez #1"), "\(screen)")
        let row = raw.split(separator: "\n").first { $0.contains("Sanchez") && $0.contains("#1") } ?? ""
        #expect(row.contains("4m"), "the matched letters are underlined: \(row)")
    }

    @Test func aSlowAnswerForAnOldQueryIsNeverShown() async throws {
        let cache = try TemporaryFolder()
        // Only morty's answer is slow (8 s), so it is late by construction: the keys that replace
        // it are read long before it arrives, even on a loaded machine (with every answer slow,
        // CI once read them after it, and the list typed over under "rick" looked like a late answer).
        let late = Duration.seconds(8)
        try await TestData.withServer(faults: FaultPlan(latency: late, slowOnly: ["name=morty"])) { base in
            let pane = try Pane(command(base.absoluteString, cache: cache))
            let seen = try await onOwnThread { () -> [String] in
                _ = try pane.wait(for: "page 1 of 42")
                try pane.keys("morty", literal: true)
                // Past the debounce: morty's request is in flight once browse says so.
                _ = try pane.wait(for: "searching “morty”")
                let answered = Date().addingTimeInterval(2 * Double(late.components.seconds))
                try pane.keys("C-u")
                try pane.keys("rick", literal: true)
                // Watched until rick's results show and morty's answer has long come (or been
                // cancelled); on a machine so loaded that neither happens in 40 s, the test fails.
                let giveUp = Date().addingTimeInterval(40)
                var screens: [String] = []
                while Date() < giveUp {
                    screens.append(try pane.screen())
                    if Date() > answered, screens.last?.contains("97 matches") == true { break }
                    usleep(40_000)
                }
                return screens
            }
            #expect(seen.last?.contains("97 matches") == true, "rick's results: \(seen.last ?? "")")
            #expect(seen.last?.contains("Rick Sanchez #1") == true, "rick's results arrive")
            // Insurance Morty (#71) is on morty's first page, not on everyone's nor rick's.
            let stale = seen.filter { $0.contains("Insurance Morty") }
            #expect(stale.isEmpty, "morty's late answer never shows: \(stale.first ?? "")")
        }
    }

    @Test func ctrlOCopiesThroughTmuxsBufferAndF1ShowsTheKeys() async throws {
        let cache = try TemporaryFolder()
        let pane = try Pane(command("fixtures", cache: cache))
        let output = cache.appendingPathComponent("pane-output")
        // What the program writes, raw, before tmux interprets it.
        _ = try ViewTests.tmux(["-L", pane.socket, "pipe-pane", "-o", "cat >> \(output.path)"])
        let screens = try await onOwnThread {
            _ = try pane.wait(for: "page 1 of 42")
            try pane.keys("F1")
            let help = try pane.wait(for: "any key: close")
            try pane.keys("Escape")
            _ = try pane.wait(for: "page 1 of 42")
            try pane.keys("Down")
            try pane.keys("C-o")
            let copied = try pane.wait(for: "copied")
            let buffer = try ViewTests.tmux(["-L", pane.socket, "show-buffer"])
            try pane.keys("C-c")
            _ = try pane.wait(for: "DONE")
            return [help, copied, buffer]
        }
        #expect(screens[0].contains("Keys") && screens[0].contains("copy the character's API URL"))
        #expect(screens[1].contains("copied to tmux's buffer and the terminal's clipboard"))
        // Inside tmux: tmux's own buffer (which hands it on), no OSC 52 that tmux would drop.
        let raw = try String(decoding: Data(contentsOf: output), as: UTF8.self)
        #expect(!raw.contains("]52;"))
        // Under the real service's root, as --json writes it: the bundled server's port closes with browse.
        #expect(screens[2].hasPrefix("https://rickandmortyapi.com/api/character/2 — Morty Smith · Alive · Human"))
    }

    /// An SGR mouse report as tmux's send-keys -H takes it: the bytes in hex.
    static func sgr(_ code: Int, column: Int, row: Int, press: Bool = true) -> [String] {
        Array("\u{1B}[<\(code);\(column);\(row)\(press ? "M" : "m")".utf8).map { String($0, radix: 16) }
    }

    @Test func clicksSelectADoubleClickOpensTheWheelScrollsAndMouseReportingEndsWithBrowse() async throws {
        let cache = try TemporaryFolder()
        let output = cache.appendingPathComponent("pane-output")
        // Browse starts after a pause, so the pipe is in place before it turns mouse reporting on.
        let pane = try Pane("sleep 0.5; " + command("fixtures", cache: cache))
        _ = try ViewTests.tmux(["-L", pane.socket, "pipe-pane", "-o", "cat >> \(output.path)"])
        let screens = try await onOwnThread {
            _ = try pane.wait(for: "page 1 of 42")
            // Row 7: the third result (rows 1–2 are the search line and the rule, two rows each).
            try pane.bytes(Self.sgr(0, column: 8, row: 7))
            try pane.bytes(Self.sgr(0, column: 8, row: 7, press: false))
            let selected = try pane.wait(for: "▶ ● Summer Smith")
            try pane.bytes(Self.sgr(65, column: 8, row: 7))
            let scrolled = try pane.wait(for: "▶ ● Beth Smith")
            // Both clicks in one write, as a terminal sends a double click: two tmux calls may land
            // further apart than a double click on a loaded machine.
            try pane.bytes(Self.sgr(0, column: 8, row: 9) + Self.sgr(0, column: 8, row: 9))
            let opened = try pane.wait(for: "Episodes (")
            try pane.keys("q", literal: true)  // the detail has no search line: q quits there
            _ = try pane.wait(for: "DONE")
            return [selected, scrolled, opened]
        }
        #expect(screens[0].contains("▶ ● Summer Smith"))
        #expect(screens[1].contains("▶ ● Beth Smith"))
        #expect(screens[2].contains("Beth Smith  #4") && screens[2].contains("Episodes ("))
        let raw = String(decoding: try Data(contentsOf: output), as: UTF8.self)
        let on = try #require(raw.range(of: "\u{1B}[?1000h", options: .backwards), "mouse reporting was turned on")
        #expect(raw[on.upperBound...].contains("\u{1B}[?1000l"), "and off again when browse quit")
        #expect(raw.contains("\u{1B}[?1006h") && raw.contains("\u{1B}[?1006l"))

        let quiet = try TemporaryFolder()
        let still = try Pane("sleep 0.5; " + command("fixtures", cache: quiet) + " --no-mouse")
        let quietOutput = quiet.appendingPathComponent("pane-output")
        _ = try ViewTests.tmux(["-L", still.socket, "pipe-pane", "-o", "cat >> \(quietOutput.path)"])
        _ = try await onOwnThread {
            _ = try still.wait(for: "page 1 of 42")
            try still.keys("Escape")  // quit, as fzf's
            return try still.wait(for: "DONE")
        }
        #expect(!String(decoding: try Data(contentsOf: quietOutput), as: UTF8.self).contains("\u{1B}[?1000h"))
    }

    @Test func fromACharacterToItsEpisodesACastAPersonAndBack() async throws {
        let cache = try TemporaryFolder()
        let pane = try Pane(command("fixtures", cache: cache))
        let screens = try await onOwnThread {
            _ = try pane.wait(for: "page 1 of 42")
            try pane.keys("Enter")
            _ = try pane.wait(for: "e: episodes")
            try pane.keys("e", literal: true)
            let episodes = try pane.wait(for: "Episodes of Rick Sanchez")
            try pane.keys("Enter")
            let cast = try pane.wait(for: "— cast (")
            try pane.keys("Down")
            try pane.keys("Enter")
            let person = try pane.wait(for: "e: episodes")
            try pane.keys("Escape")
            try pane.keys("Escape")
            try pane.keys("Escape")
            try pane.keys("Escape")
            let list = try pane.wait(for: "page 1 of 42")
            try pane.keys("Escape")
            _ = try pane.wait(for: "DONE")
            return [episodes, cast, person, list]
        }
        #expect(screens[0].contains("▶ S01E01  Pilot"))
        #expect(screens[1].contains("S01E01 Pilot — cast (") && screens[1].contains("▶ ● Rick Sanchez"))
        #expect(screens[2].contains("Morty Smith  #2"))
        #expect(screens[3].contains("826 matches"))
    }

    @Test func ctrlTShowsAGridOfAvatarsAndNamesThatArrowsMoveThrough() async throws {
        let cache = try TemporaryFolder()
        let pane = try Pane(command("fixtures", cache: cache))
        let screens = try await onOwnThread {
            _ = try pane.wait(for: "page 1 of 42")
            try pane.keys("Down")
            try pane.keys("C-t")
            let grid = try pane.wait(for: "^T list")
            // The larger avatars arrive (made on first use): cells above the names.
            let drawn = try pane.wait(for: "▀")
            try pane.keys("Right")
            try pane.keys("Down")
            let moved = try pane.wait(for: "▶ Frank Maxi")
            try pane.keys("Escape")
            _ = try pane.wait(for: "DONE")
            return [grid, drawn, moved]
        }
        // 100 columns: seven cells a row, each name under its avatar.
        let names = screens[1].split(separator: "\n").first { $0.contains("Rick Sanch") }.map(String.init) ?? ""
        #expect(names.contains("Morty Smith") && names.contains("Summer Smi") && names.contains("Beth Smith"))
        #expect(screens[1].contains("▀"), "avatars drawn as cells above the names")
        // From Morty (the second cell) one right and one row down: the tenth, Frank Maximus.
        #expect(screens[2].contains("▶ Frank Maxi"))
    }

    @Test func rRefetchesAnAvatarTheServerChangedAndRedrawsIt() async throws {
        let data = try TemporaryFolder()
        let fixtures = data.appendingPathComponent("dataset")
        try FileManager.default.copyItem(at: TestData.fixtures, to: fixtures)
        // The same address before and after, as a server that changed a file would keep: the
        // port the system gave the first is asked of the second.
        var server: ServeProcess? = try await ServeProcess(["--data", fixtures.path])
        let port = try #require(server).port
        let api = try #require(server?.baseURL)
        let cache = try TemporaryFolder()
        let pane = try Pane(command(api, cache: cache))
        @Sendable func rickRow() throws -> String {
            try ViewTests.tmux(["-L", pane.socket, "capture-pane", "-p", "-e"]).split(separator: "\n")
                .first { $0.contains("Rick Sanchez") }.map(String.init) ?? ""
        }
        let before = try await onOwnThread { () -> String in
            _ = try pane.wait(for: "page 1 of 42")
            // Rick's own avatar drawn (cells beside his name), not merely someone's.
            let deadline = Date().addingTimeInterval(30)
            var row = try rickRow()
            // (Avatar cells carry 256-color or truecolor escapes; the status dot only a basic one.)
            while !(row.contains("[38;") || row.contains("[48;")) {
                guard Date() < deadline else {
                    Issue.record("Rick's avatar not drawn within 30 s; his row: \(row.debugDescription)")
                    break
                }
                usleep(50_000)
                row = try rickRow()
            }
            return row
        }
        server?.stop()
        let avatars = fixtures.appendingPathComponent("avatars")
        try FileManager.default.removeItem(at: avatars.appendingPathComponent("1.jpeg"))
        try FileManager.default.copyItem(
            at: avatars.appendingPathComponent("3.jpeg"), to: avatars.appendingPathComponent("1.jpeg"))
        server = try await restarted(["--data", fixtures.path], port: port)
        let (notice, after) = try await onOwnThread { () -> (String, String) in
            try pane.keys("Down")
            try pane.keys("C-r")
            let screen = try pane.wait(for: "refreshed page 1")
            // The row is drawn again after the notice: wait for it to change (or 30 s, and say so below).
            let deadline = Date().addingTimeInterval(30)
            var row = try rickRow()
            while row == before, Date() < deadline {
                usleep(20_000)
                row = try rickRow()
            }
            return (screen, row)
        }
        #expect(notice.contains("refreshed page 1: the list is unchanged · 1 avatar changed, 19 unchanged"))
        #expect(before.contains("[38;") || before.contains("[48;"), "Rick's avatar was drawn before")
        #expect(after != before && !after.isEmpty, "Rick's row drawn with the new avatar")
        let served = try #require(server).requests()
        #expect(served.contains("/api/character/avatar/1.jpeg") && served.contains("/api/character?page=1"))
    }

    @Test func anAvatarThatCannotBeHadIsADiscWithInitialsAndVerboseSaysWhy() async throws {
        let cache = try TemporaryFolder()
        let log = cache.appendingPathComponent("browse.log")
        try await TestData.withServer(faults: FaultPlan(alwaysFailing: ["/api/character/avatar/1.jpeg"])) { base in
            let pane = try Pane(command(base.absoluteString, cache: cache) + " -v 2>\(log.path)")
            let screen = try await onOwnThread {
                _ = try pane.wait(for: "page 1 of 42")
                let screen = try pane.wait(for: "(RS)")
                try pane.keys("Escape")
                _ = try pane.wait(for: "DONE")
                return screen
            }
            let rick = screen.split(separator: "\n").first { $0.contains("Rick Sanchez #1") } ?? ""
            #expect(rick.hasPrefix("(RS)"), "Rick's row starts with his placeholder")
            let logged = try String(contentsOf: log, encoding: .utf8)
            #expect(logged.contains("avatar shown as a placeholder") && logged.contains("character=1"))
            #expect(logged.contains("500"), "and why: the server failed")
        }
    }

    /// A crash arrives as a signal no Swift code can catch; `kill -SEGV` delivers the same one.
    @Test func aCrashStillGivesTheTerminalBackWithMouseReportingOff() async throws {
        let cache = try TemporaryFolder()
        let output = cache.appendingPathComponent("pane-output")
        let pane = try Pane("sleep 0.5; " + command("fixtures", cache: cache))
        _ = try ViewTests.tmux(["-L", pane.socket, "pipe-pane", "-o", "cat >> \(output.path)"])
        let end = try await onOwnThread { () -> String in
            _ = try pane.wait(for: "page 1 of 42")
            let pid = try ViewTests.tmux(["-L", pane.socket, "list-panes", "-F", "#{pane_pid}"])
                .trimmingCharacters(in: .whitespacesAndNewlines)
            // The pane's shell runs browse as its child.
            _ = system("pkill -SEGV -P \(pid) -f 'rickdex browse'")
            return try pane.wait(for: "DONE")
        }
        #expect(end.contains("DONE"))
        #expect(end.contains(" icanon") && !end.contains("-icanon"), "line editing is back")
        #expect(end.contains(" echo ") && !end.contains("-echo "), "echo is back")
        let raw = String(decoding: try Data(contentsOf: output), as: UTF8.self)
        let on = try #require(raw.range(of: "\u{1B}[?1000h", options: .backwards))
        #expect(raw[on.upperBound...].contains("\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"))
    }
}
