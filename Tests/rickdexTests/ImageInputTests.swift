import Foundation
import TestSupport
import Testing

/// `art` and `thumbnail` take images as chafa and timg do: from standard input too, with a size
/// cap that holds before any read, and a message for each bad input that names it once.
@Suite struct ImageInputTests {
    static var rickdex: String { RickdexProcess.executable.path }
    static let avatar = TestData.fixtures.appendingPathComponent("avatars/1.jpeg").path
    static let cells = "--width 20 --color always --color-mode truecolor --graphics blocks --symbols half --no-probe"

    /// `command` through `sh -c`, so it can pipe and redirect.
    func shell(_ command: String) async throws -> RickdexProcess.Run {
        try await RickdexProcess.run(["-c", command], executable: URL(fileURLWithPath: "/bin/sh"))
    }

    @Test func standardInputDrawsTheSameCellsAsTheFile() async throws {
        let file = try await shell("\(Self.rickdex) art \(Self.avatar) \(Self.cells)")
        let dash = try await shell("\(Self.rickdex) art - \(Self.cells) < \(Self.avatar)")
        let piped = try await shell("cat \(Self.avatar) | \(Self.rickdex) art \(Self.cells)")
        #expect(file.status == 0 && file.stdout.contains("\u{1B}[38;2;"))
        #expect(dash.stdout == file.stdout && piped.stdout == file.stdout)
        let garbage = try await shell("printf 'hello' | \(Self.rickdex) art \(Self.cells)")
        #expect(garbage.status == 1 && garbage.stderr.hasPrefix("rickdex: stdin: "), "\(garbage.stderr)")
        let empty = try await shell("\(Self.rickdex) art - \(Self.cells) < /dev/null")
        #expect(empty.status == 1 && empty.stderr.hasPrefix("rickdex: stdin: is empty"), "\(empty.stderr)")
        // Redirected from a file, standard input has a size to refuse by; piped, it is read to the cap.
        let redirected = try await shell("\(Self.rickdex) art - --max-size 10KB \(Self.cells) < \(Self.avatar)")
        #expect(redirected.stderr.hasPrefix("rickdex: stdin: is 15 KB, over the 10 KB cap for one image"), "\(redirected.stderr)")
        let large = try await shell("cat \(Self.avatar) | \(Self.rickdex) art - --max-size 10KB \(Self.cells)")
        #expect(large.stderr.hasPrefix("rickdex: stdin: goes on past 10 KB, over the 10 KB cap for one image"), "\(large.stderr)")
    }

    @Test func eachBadInputGetsItsOwnMessageOnceAndTheRestAreDrawn() async throws {
        let folder = try TemporaryFolder()
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        // A sparse 2 GB file: refused by its size, never read.
        #expect(FileManager.default.createFile(atPath: path("big.jpg"), contents: nil))
        let big = try FileHandle(forWritingTo: folder.appendingPathComponent("big.jpg"))
        try big.truncate(atOffset: 2 << 30)
        try big.close()
        #expect(FileManager.default.createFile(atPath: path("empty.jpg"), contents: Data()))
        #expect(FileManager.default.createFile(atPath: path("garbage.jpg"), contents: Data("not an image at all".utf8)))
        try FileManager.default.createDirectory(atPath: path("folder.jpg"), withIntermediateDirectories: false)
        #expect(mkfifo(path("fifo"), 0o600) == 0)
        let names = ["big.jpg", "empty.jpg", "garbage.jpg", "folder.jpg", "missing.jpg"].map(path)
        let run = try await shell(
            "cat \(Self.avatar) > \(path("fifo")) & \(Self.rickdex) art \(Self.avatar) \(path("fifo")) "
                + names.joined(separator: " ") + " /dev/zero /proc/self/mem --max-size 1MB \(Self.cells)")
        #expect(run.status == 4)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines.contains("rickdex: \(path("big.jpg")): is 2.0 GB, over the 1.0 MB cap for one image (--max-size raises it)"),
            "\(lines)")
        #expect(lines.contains("rickdex: \(path("empty.jpg")): is empty"))
        #expect(lines.contains("rickdex: \(path("folder.jpg")): is a folder, not an image"))
        #expect(lines.contains("rickdex: \(path("missing.jpg")): no such file or directory"))
        #expect(
            lines.contains("rickdex: /dev/zero: goes on past 1.0 MB, over the 1.0 MB cap for one image (--max-size raises it)"))
        // Unreadable whoever asks (root reads a file of mode 000): the system's reason.
        #expect(lines.contains("rickdex: /proc/self/mem: input/output error"), "\(lines)")
        let garbage = try #require(lines.first { $0.contains("garbage.jpg") })
        #expect(garbage.components(separatedBy: "garbage.jpg").count == 2, "the file is named once: \(garbage)")
        // The avatar and the FIFO's copy of it are drawn, one after the other.
        let drawn = try await shell("\(Self.rickdex) art \(Self.avatar) \(Self.cells)")
        #expect(run.stdout == drawn.stdout + drawn.stdout)
    }

    @Test func thumbnailReadsStandardInputAsStdinPNGAndRefusesAHugeFileUnread() async throws {
        let folder = try TemporaryFolder()
        let out = folder.appendingPathComponent("out").path
        let piped = try await shell("cat \(Self.avatar) | \(Self.rickdex) thumbnail --out \(out)")
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(FileManager.default.fileExists(atPath: out + "/stdin-64.png"))
        let big = folder.appendingPathComponent("huge.jpg")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 2 << 30)
        try handle.close()
        let refused = try await shell("\(Self.rickdex) thumbnail \(big.path) --out \(out)")
        #expect(refused.status == 1, "every file refused: bad input, not some failed")
        #expect(refused.stderr.hasPrefix("rickdex: \(big.path): is 2.0 GB, over the 64 MB cap"), "\(refused.stderr)")
    }
}

/// `art --grid`: images side by side, their cells exactly as `art` draws each alone.
@Suite struct ArtGridTests {
    static var rickdex: String { RickdexProcess.executable.path }
    static let avatars = [1, 2, 3].map { TestData.fixtures.appendingPathComponent("avatars/\($0).jpeg").path }
    static let cells = ["--color", "always", "--color-mode", "truecolor", "--graphics", "blocks", "--symbols", "half", "--no-probe"]

    @Test func threeImagesSideBySideEachDrawnAsArtDrawsItAloneWithItsNameUnder() async throws {
        let grid = try await RickdexProcess.run(["art"] + Self.avatars + ["--grid", "3", "--width", "64", "--label"] + Self.cells)
        #expect(grid.status == 0, "\(grid.stderr)")
        let lines = grid.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        // (64 - 2 gaps of 2) / 3 = 20 columns a box.
        let alone = try await Self.avatars.asyncMap { path in
            try await RickdexProcess.run(["art", path, "--width", "20"] + Self.cells).stdout
                .split(separator: "\n").map(String.init)
        }
        #expect(lines.count == alone[0].count + 1, "the images' rows, then the labels")
        for (index, line) in lines.dropLast().enumerated() {
            #expect(line == alone.map { $0[index] }.joined(separator: "  "), "row \(index)")
        }
        let names = ["1.jpeg", "2.jpeg", "3.jpeg"].map { $0 + String(repeating: " ", count: 20 - $0.count) }
        #expect(lines.last == names.joined(separator: "  "))
        let auto = try await RickdexProcess.run(["art"] + Self.avatars + ["--grid", "auto", "--width", "50"] + Self.cells)
        #expect(auto.stdout.split(separator: "\n").count == 2 * alone[0].count, "two a row in 50 columns, no labels")
        let misuse = try await RickdexProcess.run(["art"] + Self.avatars + ["--label"] + Self.cells)
        #expect(misuse.status == 1 && misuse.stderr.contains("--label goes with --grid"))
    }
}

extension Array where Element: Sendable {
    /// The elements mapped one after another by an async `transform`.
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
