import Foundation
import LoupeImaging
import LoupePipeline
import TestSupport
import Testing
import UseCases

/// `rickdex export` writes only files it owns (those its own manifest in the folder lists): the
/// user's files in its way stop it before anything is written, unless `--force`; a second export
/// into a folder adds to its manifest and page. A process over the bundled data, real folders.
@Suite struct ExportFolderTests: ExportSuite {
    let temporary: TemporaryFolder

    init() throws {
        temporary = try TemporaryFolder()
    }

    /// The user's own files, at names an export of 1 and 2 with `--html` would write, and one
    /// beside them.
    static let usersFiles: [String: Data] = [
        "manifest.json": Data("{\"characters\": [], \"mine\": true}\n".utf8),
        "index.html": Data("<p>my own page</p>\n".utf8),
        "0001-rick-sanchez-256.png": Data("not a png of rickdex's\n".utf8),
        "notes.txt": Data("call Morty\n".utf8),
    ]

    func placeUsersFiles() throws {
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        for (name, bytes) in Self.usersFiles { try bytes.write(to: out.appendingPathComponent(name)) }
    }

    /// Every name in the folder, hidden ones too, sorted.
    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
    }

    func manifest() throws -> ExportManifest {
        try JSONDecoder().decode(ExportManifest.self, from: Data(contentsOf: out.appendingPathComponent("manifest.json")))
    }

    /// The ids of the page's cards, in order.
    func cardIDs() throws -> [Int] {
        let page = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        return page.matches(of: /<li class="card" data-id="(\d+)"/).compactMap { Int($0.1) }
    }

    /// The user's `manifest.json`, `index.html` and a PNG of a name export would write: exit 1,
    /// each named, nothing written or changed (a dry run says the same).
    @Test(arguments: [false, true]) func filesOfTheUsersStopItBeforeAnythingIsWritten(dryRun: Bool) async throws {
        try placeUsersFiles()
        let result = try await export(["--ids", "1,2", "--html"] + (dryRun ? ["--dry-run"] : []))
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("rickdex: \(out.path): 3 files are in the way of this export"), "\(result.stderr)")
        #expect(result.stderr.contains("  manifest.json (not a manifest rickdex export wrote)"), "\(result.stderr)")
        #expect(result.stderr.contains("  index.html (not written by rickdex export)"), "\(result.stderr)")
        #expect(result.stderr.contains("  0001-rick-sanchez-256.png (not written by rickdex export)"), "\(result.stderr)")
        #expect(!result.stderr.contains("notes.txt"))
        #expect(result.stderr.contains("Nothing was written") && result.stderr.contains("--force"), "\(result.stderr)")
        #expect(try names() == Self.usersFiles.keys.sorted(), "nothing new, not even a temporary file")
        for (name, bytes) in Self.usersFiles {
            #expect(try Data(contentsOf: out.appendingPathComponent(name)) == bytes, "\(name) is as it was")
        }
    }

    /// A FIFO at `manifest.json` is never opened to wait for a writer, and a link there is not
    /// followed to a manifest export wrote elsewhere: each is the user's, in the way.
    @Test(arguments: ["fifo", "link"]) func aManifestThatIsNotAFileIsInTheWay(kind: String) async throws {
        let elsewhere = temporary.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try Data(ExportManifest(characters: []).encoded()).write(to: elsewhere.appendingPathComponent("manifest.json"))
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let manifest = out.appendingPathComponent("manifest.json")
        if kind == "fifo" {
            #expect(mkfifo(manifest.path, 0o644) == 0)
        } else {
            try FileManager.default.createSymbolicLink(
                at: manifest, withDestinationURL: elsewhere.appendingPathComponent("manifest.json"))
        }
        let result = try await export(["--ids", "1"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("  manifest.json (not a manifest rickdex export wrote)"), "\(result.stderr)")
        #expect(try names() == ["manifest.json"])
    }

    /// With `--force` the same export replaces them (and leaves the file it does not write).
    @Test func forceReplacesThem() async throws {
        try placeUsersFiles()
        let result = try await export(["--ids", "1,2", "--html", "--force"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try manifest().characters.map(\.id) == [1, 2])
        #expect(try manifest().format == ExportManifest.signature)
        #expect(try cardIDs() == [1, 2])
        let png = try ImageDecoder().decode([UInt8](Data(contentsOf: out.appendingPathComponent("0001-rick-sanchez-256.png"))))
        #expect(png.width == 256)
        #expect(try Data(contentsOf: out.appendingPathComponent("notes.txt")) == Self.usersFiles["notes.txt"])
    }

    /// Two exports of other characters into one folder: the manifest and the page list both
    /// runs' characters, every file of the first is still there, listed and linked; exporting a
    /// character again is no clash and lists it once.
    @Test func aSecondExportAddsToTheFirst() async throws {
        let first = try await export(["--ids", "1,2", "--original", "--sizes", "64", "--html", "--manifest", "both"])
        #expect(first.status == 0, "\(first.stderr)")
        let second = try await export(["--ids", "2,3,4", "--sizes", "64,128"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("also: manifest.json, manifest.csv, index.html"), "\(second.stdout)")
        let record = try manifest()
        #expect(record.characters.map(\.id) == [1, 2, 3, 4])
        let rick = try #require(record.characters.first { $0.id == 1 })
        #expect(rick.files.count == 2 && rick.files.contains { $0.name == "0001-rick-sanchez-64.png" })
        // Morty, exported again: the new sizes and the original of the first run.
        let morty = try #require(record.characters.first { $0.id == 2 })
        #expect(
            Set(morty.files.map(\.kind)) == ["original", "thumbnail"] && morty.files.count == 3, "\(morty.files.map(\.name))")
        for character in record.characters {
            #expect(character.origin != nil && character.episodes != nil)
            for file in character.files {
                let bytes = try [UInt8](Data(contentsOf: out.appendingPathComponent(file.name)))
                #expect(ContentDigest.sha256(bytes) == file.sha256, "\(file.name)")
            }
        }
        let listed = Set(record.characters.flatMap { $0.files.map(\.name) })
        let onDisk = Set(try names()).subtracting(["manifest.json", "manifest.csv", "index.html"])
        #expect(onDisk == listed, "no file of either run is left out of the manifest")
        #expect(try cardIDs() == [1, 2, 3, 4])
        let csv = try String(contentsOf: out.appendingPathComponent("manifest.csv"), encoding: .utf8)
        #expect(csv.split(separator: "\r\n").count == 1 + listed.count)
        // And once more: all of it is the folder's own, none of it in the way.
        let third = try await export(["--ids", "1-4", "--sizes", "64"])
        #expect(third.status == 0, "\(third.stderr)")
        #expect(try manifest().characters.map(\.id) == [1, 2, 3, 4])
    }

    /// An export killed half way (`kill -9`, as a closed terminal would) is resumed by the same
    /// command: the files it wrote are claimed in its manifest before the first is written, so
    /// none is in the way, and the finished manifest lists every character and claims nothing.
    @Test func aKilledExportIsResumedNotRefused() async throws {
        let arguments = ["export", "--ids", "1-150", "--sizes", "64", "--out", out.path, "--api", "fixtures"]
        let process = try RickdexProcess.start(arguments, environment: environment)
        let folder = out
        let seen = try await onOwnThread {
            let deadline = Date().addingTimeInterval(600)
            func count() -> Int {
                ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".png") }
                    .count
            }
            while Date() < deadline, process.isRunning, count() < 30 { usleep(10_000) }
            kill(process.processIdentifier, SIGKILL)
            process.exitStatus()
            return count()
        }
        try #require(seen >= 30 && seen < 150, "it wrote \(seen) of 150 files before it was killed")
        let claimed = try manifest()
        #expect(claimed.characters.isEmpty && (claimed.pending?.count ?? 0) == 150, "\(claimed.pending?.count ?? 0) claimed")
        let resumed = try await RickdexProcess.run(arguments, environment: environment)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let kept = resumed.stdout.firstMatch(of: /(\d+) already there and unchanged/).flatMap { Int($0.1) }
        #expect((kept ?? 0) > 0, "what the killed run wrote is kept: \(resumed.stdout)")
        let finished = try manifest()
        #expect(finished.characters.count == 150 && finished.pending == nil)
    }

    /// A name an unfinished run claimed, where the user has since put a file of their own: the
    /// claim does not make it export's to replace. The character fails naming it, the file stays.
    @Test func aUsersFileAtANameAKilledRunClaimedIsLeftAsItIs() async throws {
        let first = try await export(["--ids", "50", "--sizes", "64"])
        #expect(first.status == 0, "\(first.stderr)")
        var claimed = try manifest()
        let name = "0002-morty-smith-64.png"
        claimed.pending = [name]
        try Data(claimed.encoded()).write(to: out.appendingPathComponent("manifest.json"))
        let mine = Data("USER DATA\n".utf8)
        try mine.write(to: out.appendingPathComponent(name))
        let second = try await export(["--ids", "2", "--sizes", "64"])
        #expect(second.status != 0 && second.stderr.contains(name), "\(second.stderr)")
        #expect(try Data(contentsOf: out.appendingPathComponent(name)) == mine)
    }

    /// A manifest an earlier release wrote (no signature: byte for byte its encoder's) is the
    /// folder's own, not the user's: a later export adds to it.
    @Test func aManifestOfAnEarlierReleaseIsTheFoldersOwn() async throws {
        let first = try await export(["--ids", "1", "--sizes", "64"])
        #expect(first.status == 0, "\(first.stderr)")
        var earlier = try manifest()
        earlier.format = nil
        for index in earlier.characters.indices {
            (earlier.characters[index].origin, earlier.characters[index].location) = (nil, nil)
            earlier.characters[index].episodes = nil
        }
        try Data(earlier.encoded()).write(to: out.appendingPathComponent("manifest.json"))
        let second = try await export(["--ids", "2", "--sizes", "64"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try manifest().characters.map(\.id) == [1, 2])
        // Without its signature, a manifest with fields no earlier release wrote is the user's.
        var unsigned = try manifest()
        unsigned.format = nil
        try Data(unsigned.encoded()).write(to: out.appendingPathComponent("manifest.json"))
        let third = try await export(["--ids", "3", "--sizes", "64"])
        #expect(third.status == 1, "\(third.stderr)")
        #expect(third.stderr.contains("manifest.json (not a manifest rickdex export wrote)"), "\(third.stderr)")
    }
}
