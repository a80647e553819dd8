import Foundation
import RickAndMortyAPI
import TestSupport
import Testing

/// `rickdex browse` as fzf's picker: its options, its output and its exit codes (0 chosen, 1 no
/// match, 2 error, 130 quit), as a process and on a real terminal through tmux.
@Suite struct BrowsePickerTests {
    typealias Pane = BrowseTerminalTests.Pane

    static let names = TestData.fixturesDataset.characters.map(\.name)

    /// A name that is part of no other character's name: a query only it matches.
    static let unique: (id: Int, name: String) = {
        let characters = TestData.fixturesDataset.characters
        let one = characters.first { character in
            characters.filter { $0.name.lowercased().contains(character.name.lowercased()) }.count == 1
        }!
        return (one.id, one.name)
    }()

    func browse(_ arguments: [String]) async throws -> RickdexProcess.Run {
        try await RickdexProcess.run(["browse"] + arguments + ["--api", "fixtures"])
    }

    @Test func filterPrintsEveryMatchWithNoScreen() async throws {
        let result = try await browse(["--filter", "rick"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        // Found as fzf finds: every name with r, i, c, k in order, the best first.
        #expect(lines.count >= Self.names.filter { $0.lowercased().contains("rick") }.count)
        #expect(lines.contains("1\tRick Sanchez\tAlive\tHuman\t\tMale\tEarth (C-137)\tCitadel of Ricks"))
        #expect(lines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 8 })
        let named = try await browse(["-f", "smith", "--print", "name", "--print-query"])
        #expect(named.stdout.split(separator: "\n").first == "smith")
        #expect(named.stdout.contains("\nMorty Smith\n"))
        let none = try await browse(["-f", "zzqqxx"])
        #expect(none.status == 1 && none.stdout.isEmpty && none.stderr.isEmpty, "\(none)")
    }

    @Test func selectOneAndExitZeroDecideWithoutAScreen() async throws {
        let one = try await browse(["-q", Self.unique.name, "-1", "--exact"])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout == "\(Self.unique.id)\n")
        let none = try await browse(["-q", "zzqqxx", "-0", "--print-query"])
        #expect(none.status == 1)
        #expect(none.stdout == "zzqqxx\n", "fzf prints the query even when nothing matched")
    }

    /// With the names indexed (here the bundled dataset's), browse finds as fzf finds: the same
    /// names in the same order as `fzf --filter`, its extended syntax included.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fzf"), "fzf is missing: scripts/setup --for-tests installs it"))
    func filterFindsWhatFzfFindsInItsOrder() async throws {
        let input = Self.names.joined(separator: "\n") + "\n"
        for query in ["rck", "sanchez rick", "'morty !smith", "^jug", "rick$ | morty$", "zzqqxx"] {
            let ours = try await browse(["-f", query, "--print", "name"])
            let fzf = Process()
            fzf.executableURL = URL(fileURLWithPath: "/usr/bin/fzf")
            fzf.arguments = ["--filter", query]
            let (stdin, stdout) = (Pipe(), Pipe())
            fzf.standardInput = stdin
            fzf.standardOutput = stdout
            try fzf.run()
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
            let run = try await fzf.finish("fzf --filter")
            #expect(ours.stdout == String(decoding: run.stdout, as: UTF8.self), "\(query)")
            #expect(ours.status == run.status, "\(query): fzf exits \(run.status)")
        }
        let mortys = try await browse(["-f", "'morty !smith", "--print", "name"]).stdout.split(separator: "\n")
        #expect(!mortys.isEmpty && mortys.allSatisfy { $0.lowercased().contains("morty") && !$0.lowercased().contains("smith") })
    }

    /// Names not indexed, browse asks the API, which matches a part of the name as typed, and says so.
    @Test func withoutAnIndexTheAPIFindsAndAFailedFilterSaysSo() async throws {
        let cache = try TemporaryFolder()
        try await TestData.withServer { base in
            let environment = ["RICKDEX_CACHE_DIR": cache.path]
            let none = try await RickdexProcess.run(["browse", "-f", "rck", "--api", base.absoluteString], environment: environment)
            #expect(none.status == 1 && none.stdout.isEmpty)
            #expect(none.stderr.contains("rickdex warm --all"), "\(none.stderr)")
            _ = try await RickdexProcess.run(["search", "--all", "--json", "--api", base.absoluteString], environment: environment)
            let found = try await RickdexProcess.run(
                ["browse", "-f", "rck", "--print", "id", "--api", base.absoluteString], environment: environment)
            #expect(found.status == 0 && found.stdout.split(separator: "\n").contains("1"), "\(found.stderr)")
        }
    }

    @Test func inputThatIsNotATerminalIsRefusedTruly() async throws {
        let result = try await browse(["morty"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("standard input is not one"), "\(result.stderr)")
        #expect(result.stderr.contains("--filter"))
        #expect(!result.stderr.contains("standard input and output"))
        let badKey = try await browse(["--expect", "ctrl-xx", "-f", "rick"])
        #expect(badKey.status == 2 && badKey.stderr.contains("'ctrl-xx' is not a key name"), "\(badKey.stderr)")
    }

    /// `$(rickdex browse …)` in a shell on a terminal: Enter with no match exits 1, --multi
    /// prints every one marked, --expect the key first, --print-query the line first.
    @Test func aPickerOnATerminalPrintsAsFzfDoes() async throws {
        let cache = try TemporaryFolder(), folder = try TemporaryFolder()
        let out = folder.appendingPathComponent("out")
        func pane(_ options: String) throws -> Pane {
            try Pane(
                "env RICKDEX_CACHE_DIR=\(cache.path) \(RickdexProcess.executable.path) browse --api fixtures \(options)"
                    + " > \(out.path); echo \"STATUS $?\"")
        }
        let noMatch = try pane("zzqqxx")
        let empty = try await onOwnThread { () -> String in
            _ = try noMatch.wait(for: "no matches")
            try noMatch.keys("Enter")
            return try noMatch.wait(for: "STATUS")
        }
        #expect(empty.contains("STATUS 1"))

        let multi = try pane("smith -m --expect ctrl-x,f2 --print-query")
        let marked = try await onOwnThread { () -> String in
            _ = try multi.wait(for: "matches · page 1")
            try multi.keys("Tab", "Tab")
            _ = try multi.wait(for: "2 marked")
            try multi.keys("C-x")
            return try multi.wait(for: "STATUS")
        }
        #expect(marked.contains("STATUS 0"))
        // The first two rows, in the order fzf ranks them (held against fzf by filterFindsWhatFzfFindsInItsOrder).
        let smiths = try await browse(["-f", "smith", "--print", "id"]).stdout.split(separator: "\n").prefix(2)
        let printed = try String(contentsOf: out, encoding: .utf8)
        #expect(printed == "smith\nctrl-x\n" + smiths.map { "\($0)\n" }.joined(), "\(printed)")

        let enter = try pane("--expect f2 --query 'morty smith'")
        _ = try await onOwnThread { () -> String in
            _ = try enter.wait(for: "1 match · page 1")
            try enter.keys("Enter")
            return try enter.wait(for: "STATUS 0")
        }
        #expect(try String(contentsOf: out, encoding: .utf8) == "\n2\n", "Enter: an empty key line, then the choice")
    }
}
