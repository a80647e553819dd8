import Foundation
import TestSupport
import Testing

/// No file of the user's is overwritten or hidden from backups, and no command leaves a folder it
/// wrote nothing into: `rickdex` run as a process over the bundled data.
@Suite struct UserFilesTests {
    let temporary: TemporaryFolder

    init() throws {
        temporary = try TemporaryFolder()
    }

    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: temporary.appendingPathComponent(name).path)
    }

    func contents(_ name: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: temporary.appendingPathComponent(name).path).sorted()
    }

    /// A folder holding the user's notes is refused as a cache by every kind of command, nothing
    /// is written into it, and `tar --exclude-caches-all` still archives the notes.
    @Test(arguments: [
        ["search", "rick", "--api", "fixtures"], ["show", "1", "--api", "fixtures"], ["warm", "rick", "--api", "fixtures"],
        ["search", "rick", "--offline"], ["cache", "clear"], ["cache", "stats"],
    ])
    func aFolderOfTheUsersIsNeverTakenForACache(command: [String]) async throws {
        let notes = temporary.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        try Data("call Morty\n".utf8).write(to: notes.appendingPathComponent("notes.txt"))
        let result = try await RickdexProcess.run(command + ["--cache-dir", notes.path])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("rickdex: \(notes.path) is not a cache folder"), "\(result.stderr)")
        #expect(result.stderr.contains("new or empty"), "\(result.stderr)")
        #expect(try contents("notes") == ["notes.txt"])
        let archive = Process()
        archive.executableURL = URL(fileURLWithPath: "/usr/bin/tar")
        archive.arguments = ["--exclude-caches-all", "-cf", "/dev/null", "-v", "-C", temporary.path, "notes"]
        let listing = Pipe()
        archive.standardOutput = listing
        try archive.run()
        let archived = String(decoding: try await archive.finish("tar").stdout, as: UTF8.self)
        #expect(archived.contains("notes/notes.txt"), "\(archived)")
    }

    /// Commands that write nothing into the cache make no cache folder.
    @Test(arguments: [["search", "rick", "--offline"], ["cache", "clear"], ["cache", "stats"], ["cache", "verify"]])
    func aCommandThatWritesNothingMakesNoCacheFolder(command: [String]) async throws {
        let folder = temporary.appendingPathComponent("new-cache")
        _ = try await RickdexProcess.run(command + ["--cache-dir", folder.path])
        #expect(!exists("new-cache"))
    }

    /// The repository's `Cache/`, where the README's `scripts/rickdex` keeps its cache, holds a
    /// README beside its committed `CACHEDIR.TAG`: tagged, it is a cache, and is taken.
    @Test func theREADMEsCacheFolderIsACache() async throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Cache")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("CACHEDIR.TAG").path))
        let result = try await RickdexProcess.run(["cache", "stats", "--cache-dir", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// An empty folder, or one already a cache, is taken, and a search fills it.
    @Test func anEmptyFolderBecomesACache() async throws {
        let folder = temporary.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let result = try await RickdexProcess.run(["search", "rick", "--api", "fixtures", "--cache-dir", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try contents("empty") == ["CACHEDIR.TAG", "v2"])
        let again = try await RickdexProcess.run(["search", "rick", "--api", "fixtures", "--offline", "--cache-dir", folder.path])
        #expect(again.status == 0, "\(again.stderr)")
    }

    /// Two inputs of one name would write one thumbnail: refused naming both, nothing written.
    @Test func thumbnailsOfTwoFilesOfOneNameAreRefused() async throws {
        for folder in ["a", "b"] {
            try FileManager.default.createDirectory(
                at: temporary.appendingPathComponent(folder), withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: TestData.fixtures.appendingPathComponent("avatars/\(folder == "a" ? 1 : 2).jpeg"),
                to: temporary.appendingPathComponent("\(folder)/1.jpeg"))
        }
        let a = temporary.appendingPathComponent("a/1.jpeg").path, b = temporary.appendingPathComponent("b/1.jpeg").path
        let out = temporary.appendingPathComponent("t").path
        let result = try await RickdexProcess.run(["thumbnail", a, b, "--out", out])
        #expect(result.status == 1)
        #expect(result.stderr.contains("rickdex: \(a) and \(b) would both be written as 1-64.png"), "\(result.stderr)")
        #expect(!exists("t"))
        // One file named twice is no clash: it is made once, as `cp a a dir` copies it once.
        let twice = try await RickdexProcess.run(["thumbnail", a, a, temporary.appendingPathComponent("a/./1.jpeg").path, "--out", out])
        #expect(twice.status == 0, "\(twice.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["1-64.png"])
    }

    /// Each size has a file of its own: a second `--size` leaves the first.
    @Test func thumbnailsOfTwoSizesSitSideBySide() async throws {
        let avatar = TestData.fixtures.appendingPathComponent("avatars/1.jpeg").path
        let out = temporary.appendingPathComponent("t").path
        for size in ["48", "64"] {
            let result = try await RickdexProcess.run(["thumbnail", avatar, "--size", size, "--out", out])
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(try contents("t") == ["1-48.png", "1-64.png"])
    }

    /// Every input failing is bad input (1), not "some failed" (4).
    @Test func thumbnailOfOnlyMissingFilesIsAUsageError() async throws {
        let result = try await RickdexProcess.run(
            ["thumbnail", temporary.appendingPathComponent("missing.jpeg").path, "--out", temporary.appendingPathComponent("t").path])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("missing.jpeg: no such file"), "\(result.stderr)")
        #expect(!exists("t"))
    }

    /// `--out` naming a file says so, and leaves it as it was.
    @Test func exportIntoAFileSaysItIsAFile() async throws {
        let file = temporary.appendingPathComponent("afile")
        try Data("mine".utf8).write(to: file)
        let result = try await RickdexProcess.run(["export", "--ids", "1", "--out", file.path, "--api", "fixtures"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(file.path): it is a file, not a folder"), "\(result.stderr)")
        #expect(try Data(contentsOf: file) == Data("mine".utf8))
    }
}
