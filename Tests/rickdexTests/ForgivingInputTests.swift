import Foundation
import TestSupport
import Testing

/// Typos get a way forward: suggestions for a search that finds nothing, closed filter values
/// checked, `show` and `location` by name, and shells completing names, ids and codes.
@Suite struct ForgivingInputTests {
    func run(_ arguments: [String]) async throws -> RickdexProcess.Run {
        try await RickdexProcess.run(arguments)
    }

    /// Filters that match no character are not found for a batch, with the nearest names, and
    /// nothing is written: no export folder, no warm that did nothing and said 0.
    @Test func aBatchWhoseFiltersMatchNoCharacterIsNotFoundAndWritesNothing() async throws {
        let folder = try TemporaryFolder()
        let out = folder.appendingPathComponent("out")
        let environment = ["RICKDEX_CACHE_DIR": folder.path + "/cache"]
        let export = try await RickdexProcess.run(["export", "rik", "--out", out.path, "--api", "fixtures"], environment: environment)
        #expect(export.status == 3, "\(export.stderr)")
        #expect(export.stderr.hasPrefix("rickdex: characters (name=rik) not found\nhint: no name contains 'rik'; did you mean rick"), "\(export.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let warm = try await RickdexProcess.run(["warm", "rik", "--api", "fixtures"], environment: environment)
        #expect(warm.status == 3 && warm.stderr.contains("characters (name=rik) not found"), "\(warm.stderr)")
        #expect(warm.stdout.isEmpty)
        let ids = try await RickdexProcess.run(["export", "512", "--out", out.path, "--api", "fixtures"], environment: environment)
        #expect(ids.status == 3 && ids.stderr.contains("hint: a name is matched as text: for ids, give --ids 512"), "\(ids.stderr)")
    }

    @Test func aNameThatFindsNothingSuggestsTheNearestOnStderr() async throws {
        let result = try await run(["search", "rik", "--api", "fixtures"])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty, "piped, stdout holds rows alone")
        #expect(
            result.stderr
                == "No characters match.\nhint: no name contains 'rik'; did you mean rick (97 characters), riq (11 characters)?\n")
    }

    @Test func jsonStaysACleanEmptyResult() async throws {
        let result = try await run(["search", "rik", "--api", "fixtures", "--json"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let decoded = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect((decoded?["info"] as? [String: Any])?["count"] as? Int == 0)
    }

    @Test func anOpenFilterThatFindsNothingGetsItsNearestValues() async throws {
        let result = try await run(["search", "--species", "humn", "--api", "fixtures"])
        #expect(result.status == 0)
        #expect(result.stderr == "No characters match.\nhint: no species contains 'humn'; did you mean human (414 characters)?\n")
    }

    @Test(arguments: [
        (["--status", "deadd"], "--status must be alive, dead or unknown, not 'deadd'; did you mean 'dead'?"),
        (["--gender", "malee"], "--gender must be female, male, genderless or unknown, not 'malee'; did you mean 'male'?"),
        (["--status", "zombie"], "--status must be alive, dead or unknown, not 'zombie'\n"),
    ])
    func aClosedValueThatSelectsNothingIsAUsageError(_ filter: [String], _ message: String) async throws {
        let result = try await run(["search", "--api", "fixtures"] + filter)
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func aPartOfAClosedValueStillSearches() async throws {
        let result = try await run(["search", "--status", "ali", "--gender", "fem", "--api", "fixtures", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let expected = TestData.fixturesDataset.characters.filter { $0.status == "Alive" && $0.gender == "Female" }.count
        let decoded = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect((decoded?["info"] as? [String: Any])?["count"] as? Int == expected)
    }

    @Test(arguments: [
        (["show", "morty smith"], "\"id\" : 2,"), (["show", "MORTY SMITH"], "\"id\" : 2,"),
        (["show", "squanchy sanch"], "\"id\" : 30,"), (["location", "citadel of ricks"], "\"id\" : 3,"),
        (["show", "2"], "\"id\" : 2,"),
    ])
    func aNameFindsItsCharacterOrLocation(_ command: [String], _ id: String) async throws {
        let result = try await run(command + ["--api", "fixtures", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(id))
    }

    /// A part of a name that fits several shows the one in the most episodes (then the lowest
    /// id), and names the others on stderr.
    @Test func aNameThatFitsSeveralShowsTheOneMostMeantAndNamesTheOthers() async throws {
        let result = try await run(["show", "juggling", "--api", "fixtures", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let fits = TestData.fixturesDataset.characters.filter { $0.name.lowercased().contains("juggling") }
        let meant = try #require(fits.min { (-$0.episode.count, $0.id) < (-$1.episode.count, $1.id) })
        #expect(result.stdout.contains("\"id\" : \(meant.id),"))
        #expect(result.stderr.hasPrefix("rickdex: 'juggling' fits 3 characters; shown: \(meant.name) (#\(meant.id)), the one in the most episodes."), "\(result.stderr)")
        for other in fits where other.id != meant.id { #expect(result.stderr.contains("\(other.id)  \(other.name)")) }
    }

    @Test func aNameThatFitsNoneIsNotFoundWithTheNearest() async throws {
        let result = try await run(["show", "mortt", "--api", "fixtures"])
        #expect(result.status == 3)
        #expect(result.stderr == "rickdex: character 'mortt' not found\nDid you mean morty?\n")
    }

    // MARK: Shell completion, in real shells

    /// The bash completion script rickdex generates, loaded in a real bash, asked as bash asks
    /// when Tab is pressed after `line` and then `typing` (one word, spaces and all); returns the
    /// candidates.
    func bashCandidates(_ line: String, typing: String? = nil, environment extra: [String: String] = [:]) throws
        -> [String]
    {
        let folder = try TestData.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("rickdex.bash")
        let generated = try RickdexProcess.runBlocking(["--generate-completion-script", "bash"], environment: [:])
        try generated.stdout.write(to: script, atomically: true, encoding: .utf8)
        let typed = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init) + (typing.map { [$0] } ?? [])
        // As bash splits them: at spaces, and at COMP_WORDBREAKS' `:` and `=` (a URL in pieces).
        let words = typed.flatMap { word -> [String] in
            var pieces = [""]
            for character in word {
                if character == ":" || character == "=" {
                    pieces += [String(character), ""]
                } else {
                    pieces[pieces.count - 1].append(character)
                }
            }
            return pieces.count == 1 ? pieces : pieces.filter { !$0.isEmpty }
        }
        let driver = """
            source "$1"; COMP_LINE="$2"; shift 2; COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMP_POINT=${#COMP_LINE}
            _rickdex rickdex "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"; printf '%s\\n' "${COMPREPLY[@]}"
            """
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        bash.arguments = ["-c", driver, "bash", script.path, typed.joined(separator: " ")] + words
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = RickdexProcess.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
        environment["RICKDEX_CACHE_DIR"] = folder.path
        bash.environment = environment.merging(extra) { $1 }
        bash.standardOutput = Pipe()
        bash.standardError = FileHandle.nullDevice
        try bash.run()
        let output = String(decoding: try bash.finishBlocking("bash's completion").stdout, as: UTF8.self)
        return output.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesNamesIdsCodesAndPlacesFromTheBundledData() async throws {
        try await onDispatchThread { () throws -> Void in
            #expect(try bashCandidates("rickdex search --api fixtures jugg") == ["juggling Rick", "juggling Morty"])
            #expect(try bashCandidates("rickdex show --api fixtures 12").prefix(3) == ["12", "120", "121"])
            #expect(try bashCandidates("rickdex episode --api fixtures S01E1") == ["S01E10", "S01E11"])
            #expect(try bashCandidates("rickdex location --api fixtures", typing: "citadel o") == ["citadel of Ricks"])
            // As bash hands over a word typed with a backslash or an open quote.
            #expect(try bashCandidates("rickdex location --api fixtures", typing: "citadel\\ o") == ["citadel of Ricks"])
            #expect(try bashCandidates("rickdex location --api fixtures", typing: "'citadel o") == ["citadel of Ricks"])
            #expect(try bashCandidates("rickdex search --api fixtures --species humano") == ["humanoid"])
            #expect(try bashCandidates("rickdex search --api fixtures --status de") == ["dead"])
        }
    }

    /// Whole names: the words typed before are part of the name; episodes by name as well as
    /// code; the options every command takes may come before the command.
    @Test func bashCompletesWholeNamesEpisodeNamesAndAfterLeadingOptions() async throws {
        let episode = try #require(TestData.fixturesDataset.episodes.first?.name)
        let start = String(episode.prefix(3))
        let expected = TestData.fixturesDataset.episodes.map(\.name).filter { $0.lowercased().hasPrefix(start.lowercased()) }
        try await onDispatchThread { () throws -> Void in
            #expect(try bashCandidates("rickdex --api fixtures show jugg") == ["juggling Rick", "juggling Morty"])
            #expect(try bashCandidates("rickdex --api fixtures --offline show juggling mo") == ["morty"])
            #expect(try bashCandidates("rickdex show --api fixtures juggling", typing: "") == ["rick", "morty"])
            let offered = try bashCandidates("rickdex episode --api fixtures", typing: start)
            #expect(Set(offered.map { $0.lowercased() }) == Set(expected.map { $0.lowercased() }), "\(offered)")
        }
    }

    @Test func bashCompletesFromTheCacheAndNeverTheNetwork() async throws {
        try await onDispatchThread { () throws -> Void in
            // Nothing cached for this API, and nothing listens there: no candidates, at once.
            #expect(try bashCandidates("rickdex search --api http://127.0.0.1:9/api ri").isEmpty)
        }
    }

    @Test func aWarmCacheCompletesWithTheServerGone() async throws {
        let cache = try TemporaryFolder()
        let api: String
        do {
            let server = try await ServeProcess()
            api = server.baseURL
            let warmed = try await RickdexProcess.run(
                ["warm", "--all", "--no-thumbnails", "--api", api], environment: ["RICKDEX_CACHE_DIR": cache.path])
            #expect(warmed.status == 0, "\(warmed.stderr)")
            server.stop()
        }
        try await onDispatchThread { () throws -> Void in
            let names = try bashCandidates("rickdex show --api \(api) --cache-dir \(cache.path)", typing: "morty s")
            #expect(names == ["morty smith"])
            // The URL before the command, and with `=`: bash hands it over in pieces, joined again.
            #expect(try bashCandidates("rickdex --api \(api) show --cache-dir \(cache.path) morty", typing: "s") == ["smith"])
            #expect(try bashCandidates("rickdex --api=\(api) --cache-dir=\(cache.path) show", typing: "morty s") == ["morty smith"])
        }
    }

    /// fish asks for completions through `commandline`, which works only in an interactive fish:
    /// so a real one runs in tmux, Tab is pressed, and the screen must list the candidates.
    @Test func fishCompletesNamesInARealShell() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/fish") else {
            Issue.record("fish is missing: scripts/setup --for-tests installs it")
            return
        }
        let folder = try TemporaryFolder()
        let script = folder.url.appendingPathComponent("rickdex.fish")
        let generated = try await RickdexProcess.run(["--generate-completion-script", "fish"])
        try generated.stdout.write(to: script, atomically: true, encoding: .utf8)
        let screen = try await tabInARealShell(
            "fish --no-config", folder: folder, setup: "source \(script.path)", line: "rickdex search --api fixtures jugg",
            until: "juggling Morty")
        #expect(screen.contains("juggling Rick") && screen.contains("juggling Morty"), "\(screen)")
    }

    /// `shell` (a command line) in tmux, in `folder` as its home and cache, after `setup`: `line`
    /// typed and Tab pressed; the pane once it shows `until`, or after 30 s, said as an issue.
    func tabInARealShell(_ shell: String, folder: TemporaryFolder, setup: String, line: String, until: String) async throws
        -> String
    {
        let socket = "rickdex-test-\(UUID().uuidString.prefix(8))"
        let bin = RickdexProcess.executable.deletingLastPathComponent().path
        let command = "env PATH=\(bin):$PATH RICKDEX_CACHE_DIR=\(folder.path) HOME=\(folder.path) \(shell)"
        return try await onDispatchThread { () throws -> String in
            try ViewTests.newSession(socket, width: 120, height: 20, command: command)
            defer { _ = try? ViewTests.tmux(["-L", socket, "kill-server"]) }
            try ViewTests.tmux(["-L", socket, "send-keys", setup + "; clear", "Enter"])
            try ViewTests.tmux(["-L", socket, "send-keys", line, "Tab"])
            let deadline = Date().addingTimeInterval(30)
            var captured = ""
            while Date() < deadline {
                captured = try ViewTests.tmux(["-L", socket, "capture-pane", "-p"])
                if captured.contains(until) { return captured }
                usleep(100_000)
            }
            Issue.record("\(shell) completed nothing within 30 s; the pane:\n\(captured)")
            return captured
        }
    }

    /// zsh too, in a real one in tmux: the words typed before are part of the name, and the
    /// options every command takes may come before the command.
    @Test func zshCompletesWholeNamesInARealShell() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") else {
            Issue.record("zsh is missing: scripts/setup --for-tests installs it")
            return
        }
        let folder = try TemporaryFolder()
        let generated = try await RickdexProcess.run(["--generate-completion-script", "zsh"])
        try generated.stdout.write(to: folder.url.appendingPathComponent("_rickdex"), atomically: true, encoding: .utf8)
        let screen = try await tabInARealShell(
            "zsh -f", folder: folder,
            setup: "fpath=(\(folder.path) $fpath); autoload -Uz compinit; compinit -u -d \(folder.path)/zcompdump",
            line: "rickdex --api fixtures show juggling mo", until: "juggling morty")
        #expect(screen.contains("rickdex --api fixtures show juggling morty"), "\(screen)")
    }

    @Test func namesFromTheDataReachTheShellWithoutEscapes() async throws {
        let dataset = try TemporaryFolder()
        let characters = try String(contentsOf: TestData.fixtures.appendingPathComponent("characters.json"), encoding: .utf8)
        let hostile = characters.replacingOccurrences(
            of: "\"Rick Sanchez\"", with: "\"Rick\\u001b]0;owned\\u0007 Sanchez\\u001b[2J\"")
        #expect(hostile != characters)
        try hostile.write(to: dataset.url.appendingPathComponent("characters.json"), atomically: true, encoding: .utf8)
        for name in ["episodes.json", "locations.json"] {
            try FileManager.default.copyItem(
                at: TestData.fixtures.appendingPathComponent(name), to: dataset.url.appendingPathComponent(name))
        }
        try await onDispatchThread { () throws -> Void in
            let names = try bashCandidates(
                "rickdex search --api fixtures", typing: "rick", environment: ["RICKDEX_FIXTURES": dataset.path])
            #expect(names.first == "rick Sanchez")
            #expect(!names.joined().contains("\u{1B}") && !names.joined().contains("\u{07}"))
        }
    }
}
