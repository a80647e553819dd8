import Foundation
import TestSupport
import Testing

/// fzf's `--height`, `--layout` and colors in `rickdex browse` on a real terminal (tmux, 100x40),
/// and the smaller options that go with them.
@Suite struct BrowseInlineTerminalTests {
    typealias Pane = BrowseTerminalTests.Pane

    func browse(_ options: String, cache: TemporaryFolder, environment: String = "-u NO_COLOR") -> String {
        "env \(environment) RICKDEX_CACHE_DIR=\(cache.path)/cache \(RickdexProcess.executable.path) browse --api fixtures \(options)"
    }

    func lines(_ screen: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// With room below the prompt: the area starts on the cursor's line, the lines above stay,
    /// and on exit the area is cleared and the shell's next line comes where browse began.
    @Test func heightDrawsBelowTheLinesAboveAndGivesThemBack() async throws {
        let cache = try TemporaryFolder()
        let pane = try Pane("printf 'above one\\nabove two\\n'; " + browse("--height 10", cache: cache) + "; echo \"STATUS $?\"")
        let (open, end) = try await onOwnThread { () -> (String, String) in
            let open = try pane.wait(for: "page 1 of 42")
            try pane.keys("Escape")
            return (open, try pane.wait(for: "STATUS"))
        }
        let shown = lines(open)
        #expect(shown[0] == "above one" && shown[1] == "above two", "\(shown.prefix(3))")
        #expect(shown[2].hasPrefix(" Search › ▏"))
        #expect(shown[4].contains("▶ ● Rick Sanchez #1"))
        #expect(shown[11].contains("826 matches · page 1 of 42"), "ten lines: rows 3 to 12")
        #expect(shown[12...].allSatisfy { $0.isEmpty }, "nothing below the area")
        let after = lines(end)
        #expect(after[0] == "above one" && after[1] == "above two")
        #expect(after[2] == "STATUS 130", "the cursor back where browse began: \(after.prefix(4))")
        #expect(!end.contains("Search ›") && !end.contains("Rick Sanchez"), "the area cleared")
    }

    /// Near the bottom the screen scrolls up to make room, the lines above kept; a click lands
    /// on the row under it (the area's row on the screen asked of the terminal, as fzf does).
    @Test func heightNearTheBottomScrollsToMakeRoomAndClicksLand() async throws {
        let cache = try TemporaryFolder()
        let output = cache.appendingPathComponent("pane-output")
        let pane = try Pane("seq 1 36; sleep 0.5; " + browse("--height 10", cache: cache) + "; echo \"STATUS $?\"")
        _ = try ViewTests.tmux(["-L", pane.socket, "pipe-pane", "-o", "cat >> \(output.path)"])
        let (open, clicked, end) = try await onOwnThread { () -> (String, String, String) in
            let open = try pane.wait(for: "page 1 of 42")
            // The area is rows 31–40: the search line, the rule, then two rows a result.
            try pane.bytes(BrowseTerminalTests.sgr(0, column: 8, row: 37))
            try pane.bytes(BrowseTerminalTests.sgr(0, column: 8, row: 37, press: false))
            let clicked = try pane.wait(for: "▶ ● Summer Smith")
            try pane.keys("Escape")
            return (open, clicked, try pane.wait(for: "STATUS"))
        }
        let shown = lines(open)
        #expect(shown[0] == "7" && shown[29] == "36", "scrolled up six lines: \(shown.prefix(2)) … \(shown[29])")
        #expect(shown[30].hasPrefix(" Search › ▏"))
        #expect(shown[39].contains("826 matches"))
        #expect(lines(clicked)[36].contains("▶ ● Summer Smith"))
        // (What the pane prints next, `stty -a`, may scroll the screen on: the lines are read by their order.)
        let after = lines(end)
        let status = try #require(after.firstIndex(of: "STATUS 130"), "\(after)")
        #expect(
            status > 0 && after[status - 1] == "36", "the cursor back where browse began: \(after[max(0, status - 2)...status])")
        let raw = String(decoding: try Data(contentsOf: output), as: UTF8.self)
        #expect(!raw.contains("\u{1B}[?1049h") && !raw.contains("\u{1B}[?1049l"), "no alternate screen")
        #expect(raw.contains("\u{1B}[?1000h") && raw.contains("\u{1B}[?1000l"), "mouse reporting on, then off")
    }

    @Test func layoutDefaultPutsTheSearchLineLastAndUpMovesUp() async throws {
        let cache = try TemporaryFolder()
        let pane = try Pane(browse("--layout default", cache: cache))
        let (open, moved) = try await onOwnThread { () -> (String, String) in
            let open = try pane.wait(for: "page 1 of 42")
            try pane.keys("Up")
            let moved = try pane.wait(for: "▶ ● Morty Smith")
            try pane.keys("Escape")
            _ = try pane.wait(for: "DONE")
            return (open, moved)
        }
        let shown = lines(open)
        #expect(shown[39].hasPrefix(" Search › ▏"), "\(shown.suffix(4))")
        #expect(shown[38].contains("826 matches · page 1 of 42"))
        #expect(shown[37].hasPrefix("────"))
        #expect(shown[35].contains("▶ ● Rick Sanchez #1"), "the first match nearest the line")
        #expect(shown[33].contains("  ● Morty Smith #2"))
        #expect(lines(moved)[33].contains("▶ ● Morty Smith #2"), "up the screen: the next match")
    }

    @Test(arguments: ["--layout reverse", "--reverse", ""])
    func reverseIsBrowsesOwnLook(_ option: String) async throws {
        let cache = try TemporaryFolder()
        let pane = try Pane(browse(option, cache: cache))
        let open = try await onOwnThread { () -> String in
            let open = try pane.wait(for: "page 1 of 42")
            try pane.keys("Escape")
            _ = try pane.wait(for: "DONE")
            return open
        }
        let shown = lines(open)
        #expect(shown[0].hasPrefix(" Search › ▏") && shown[1].hasPrefix("────"), "\(option)")
        #expect(shown[2].contains("▶ ● Rick Sanchez #1"))
        #expect(shown[39].contains("826 matches"))
    }

    /// NO_COLOR and TERM=dumb: browse runs, with not one color code in what it writes.
    @Test(arguments: ["NO_COLOR=1", "TERM=dumb"])
    func noColorAndADumbTerminalGetNoColor(_ setting: String) async throws {
        let cache = try TemporaryFolder()
        let output = cache.appendingPathComponent("pane-output")
        let pane = try Pane("sleep 0.5; " + browse("", cache: cache, environment: "-u NO_COLOR " + setting))
        _ = try ViewTests.tmux(["-L", pane.socket, "pipe-pane", "-o", "cat >> \(output.path)"])
        let screens = try await onOwnThread { () -> [String] in
            let open = try pane.wait(for: "page 1 of 42")
            try pane.keys("Enter")
            let detail = try pane.wait(for: "Episodes (")
            try pane.keys("q", literal: true)
            _ = try pane.wait(for: "DONE")
            return [open, detail]
        }
        #expect(screens[0].contains("▶ ● Rick Sanchez #1"))
        #expect(screens[1].contains("Status") && screens[1].contains("Alive"))
        let raw = String(decoding: try Data(contentsOf: output), as: UTF8.self)
        let codes = Self.colorCodes(in: raw)
        #expect(codes.isEmpty, "\(setting): \(codes.prefix(5))")
        #expect(raw.contains("Rick Sanchez"))
    }

    /// The SGR sequences in `text` that set a color (30–49, 90–107, and 38/48's forms): their
    /// parameters.
    static func colorCodes(in text: String) -> [String] {
        text.components(separatedBy: "\u{1B}[").dropFirst().compactMap { rest in
            let body = rest.prefix { $0.isNumber || $0 == ";" || $0 == ":" }
            guard rest.dropFirst(body.count).first == "m" else { return nil }
            let colored = body.split(whereSeparator: { $0 == ";" || $0 == ":" }).contains { code in
                Int(code).map { (30...49).contains($0) || (90...107).contains($0) } ?? false
            }
            return colored ? String(body) : nil
        }
    }

    /// fzf's spellings, and those before them.
    @Test func selectOneAndExitZeroAreSpelledAsFzfSpellsThem() async throws {
        let unique = BrowsePickerTests.unique
        for spelling in ["--select-1", "-1", "--select1"] {
            let one = try await RickdexProcess.run(["browse", "-q", unique.name, spelling, "--api", "fixtures"])
            #expect(one.status == 0 && one.stdout == "\(unique.id)\n", "\(spelling): \(one.stderr)")
        }
        for spelling in ["--exit-0", "-0", "--exit0"] {
            let none = try await RickdexProcess.run(["browse", "-q", "zzqqxx", spelling, "--api", "fixtures"])
            #expect(none.status == 1 && none.stdout.isEmpty, "\(spelling): \(none.stderr)")
        }
        let help = try await RickdexProcess.run(["browse", "--help"])
        #expect(help.stdout.contains("-1, --select-1") && help.stdout.contains("-0, --exit-0"))
        #expect(!help.stdout.contains("--select1") && !help.stdout.contains("--exit0"))
        let height = try await RickdexProcess.run(["browse", "--height", "~10", "-f", "rick", "--api", "fixtures"])
        #expect(height.status == 2 && height.stderr.contains("e.g. 15 or 40%"), "\(height.stderr)")
        let both = try await RickdexProcess.run(["browse", "--reverse", "--layout", "default", "-f", "rick"])
        #expect(both.status == 2 && both.stderr.contains("--reverse is --layout reverse"), "\(both.stderr)")
    }

    /// `rickdex show` on 40 columns: too few beside the avatar, so the fields go below it,
    /// broken at spaces; the real data's #244 has the longest location line.
    @Test(.enabled(if: TestData.realData != nil, Comment(rawValue: TestData.realDataMissing)))
    func showAtFortyColumnsBreaksAtSpacesBelowTheAvatar() async throws {
        let data = try #require(TestData.realData)
        let server = try await ServeProcess(["--data", data.path])
        defer { server.stop() }
        let result = try await RickdexProcess.run(
            ["show", "244", "--api", server.baseURL, "--preview", "--color", "never"], environment: ["COLUMNS": "40"])
        #expect(result.status == 0, "\(result.stderr)")
        let shown = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(shown.allSatisfy { $0.count <= 40 })
        let name = try #require(shown.firstIndex { $0.hasPrefix("Mr. Poopybutthole") })
        #expect(name >= 12, "below the avatar's 12 lines")
        #expect(shown[name] == "Mr. Poopybutthole  #244")
        #expect(shown.contains("  Location  Earth (Replacement") && shown.contains("            Dimension)"))
        #expect(shown.contains("  Species   Poopybutthole"))
    }
}
