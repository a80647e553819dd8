import APIServer
import Foundation
import LoupePipeline
import LoupeImaging
import RickAndMortyAPI
import TestSupport
import Testing
import UseCases

@testable import rickdex

/// `rickdex export` as a process, on the bundled data, into real folders.
@Suite struct ExportCommandTests: ExportSuite {
    let temporary: TemporaryFolder

    init() throws {
        temporary = try TemporaryFolder()
    }

    static let robots = TestData.fixturesDataset.characters.filter {
        $0.status == "Dead" && $0.species.lowercased().contains("robot")
    }

    static func sourceBytes(_ id: Int) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: TestData.fixturesDataset.avatarFile(id: id)))
    }

    /// A listing page and an avatar that fail every time are named, and everything else is
    /// exported byte for byte (exit 4).
    @Test func aFailedPageOrAvatarIsNamedAndTheRestIsExported() async throws {
        let faults = FaultPlan(alwaysFailing: ["character?page=42", "avatar/7.jpeg"])
        let result = try await TestData.withServer(faults: faults) { base in
            try await RickdexProcess.run(
                ["export", "--all", "--original", "--out", out.path, "--api", base.absoluteString, "--retries", "0"],
                environment: environment)
        }
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr.contains("rickdex: character page 42: "), "\(result.stderr)")
        #expect(result.stderr.contains("rickdex: avatar of 7 (Juggling Rick): "), "\(result.stderr)")
        // Done, failed and not started (page 42's 6) make the 826 asked for.
        #expect(
            result.stdout.contains(
                "exported 819 of 826 characters to \(out.path): 819 files written, 0 already there and unchanged, 1 failed, "
                    + "6 not started, 1 listing page failed"),
            "\(result.stdout)")
        let manifest = try JSONDecoder().decode(
            ExportManifest.self, from: Data(contentsOf: out.appendingPathComponent("manifest.json")))
        #expect(manifest.characters.count == 819)
        var differing: [Int] = []
        for character in manifest.characters {
            let file = try #require(character.files.first)
            let written = try [UInt8](Data(contentsOf: out.appendingPathComponent(file.name)))
            if written != (try Self.sourceBytes(character.id)) { differing.append(character.id) }
        }
        #expect(differing.isEmpty, "\(differing)")
        #expect(!manifest.characters.contains { $0.id == 7 || $0.id > 820 })
    }

    @Test func aQueryExportsNamedFilesAndAManifestThatDescribesThem() async throws {
        let result = try await export([
            "--species", "robot", "--status", "dead", "--original", "--sizes", "32,64", "--manifest", "both", "--sheet",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("exported \(Self.robots.count) characters"))
        #expect(result.stdout.contains("\(Self.robots.count * 3) files written"))
        let pngSource = try #require(try Self.robots.first { try ImageSniffer.format(of: Self.sourceBytes($0.id)) == .png })
        let jpegSource = try #require(try Self.robots.first { try ImageSniffer.format(of: Self.sourceBytes($0.id)) == .jpeg })
        // Originals are named by their bytes: a PNG served as .jpeg comes out .png.
        let pngName = FileSlug.stem(id: pngSource.id, name: pngSource.name, digits: 4) + ".png"
        let jpegName = FileSlug.stem(id: jpegSource.id, name: jpegSource.name, digits: 4) + ".jpg"
        #expect(try Data(contentsOf: out.appendingPathComponent(pngName)) == Data(Self.sourceBytes(pngSource.id)))
        #expect(try Data(contentsOf: out.appendingPathComponent(jpegName)) == Data(Self.sourceBytes(jpegSource.id)))

        let manifest = try JSONDecoder().decode(
            ExportManifest.self, from: Data(contentsOf: out.appendingPathComponent("manifest.json")))
        #expect(manifest.characters.map(\.id) == Self.robots.map(\.id))
        #expect(manifest.sheet == "sheet.png")
        for character in manifest.characters {
            #expect(character.sourceSHA256 == ContentDigest.sha256(try Self.sourceBytes(character.id)))
            // Under --json's root: for fixtures the real service's, as the dataset names it.
            #expect(character.sourceURL == "https://rickandmortyapi.com/api/character/avatar/\(character.id).jpeg")
            #expect(character.files.map(\.kind) == ["original", "thumbnail", "thumbnail"])
            for file in character.files {
                let bytes = try [UInt8](Data(contentsOf: out.appendingPathComponent(file.name)))
                #expect(file.sha256 == ContentDigest.sha256(bytes), "\(file.name)")
                #expect(file.bytes == bytes.count)
                let size = try ImageDecoder().size(of: bytes)
                #expect(size.width == file.width && size.height == file.height, "\(file.name)")
            }
            #expect(character.files[1].name.hasSuffix("-32.png") && character.files[1].width == 32)
        }
        let csv = try String(contentsOf: out.appendingPathComponent("manifest.csv"), encoding: .utf8)
        #expect(csv.split(separator: "\r\n").count == 1 + Self.robots.count * 3)
        #expect(csv.hasPrefix("id,name,status,species,source_url,file,kind,bytes,width,height,sha256\r\n"))
        let sheet = try ImageDecoder().decode([UInt8](Data(contentsOf: out.appendingPathComponent("sheet.png"))))
        #expect(sheet.width > 64)
        let hidden = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasPrefix(".") }
        #expect(hidden.isEmpty, "no temporary files left")
    }

    @Test func aReRunSkipsWhatIsThereAndRewritesWhatIsMissingOrDamaged() async throws {
        let arguments = ["--ids", "1,2,3", "--original", "--sizes", "48", "--format", "jpeg"]
        let first = try await export(arguments)
        #expect(first.stdout.contains("6 files written"), "\(first.stderr)")
        let again = try await export(arguments)
        #expect(again.stdout.contains("0 files written, 6 already there and unchanged"))
        try FileManager.default.removeItem(at: out.appendingPathComponent("0002-morty-smith-48.jpg"))
        let damaged = out.appendingPathComponent("0001-rick-sanchez-48.jpg")
        var bytes = try [UInt8](Data(contentsOf: damaged))
        bytes[bytes.count / 2] ^= 0xFF
        try Data(bytes).write(to: damaged)
        let repaired = try await export(arguments)
        #expect(repaired.stdout.contains("2 files written, 4 already there and unchanged"))
        let square = try ImageDecoder().decode([UInt8](Data(contentsOf: damaged)))
        #expect(square.width == 48 && square.height == 48)
        #expect(square[0, 0].alpha == 255, "JPEG thumbnails are square and opaque")
    }

    @Test func idsTakeRangesAndABackwardRangeIsAUsageError() async throws {
        let ranged = try await export(["--ids", "3-5,1,4", "--sizes", "48", "--format", "jpeg", "--manifest", "none"])
        #expect(ranged.status == 0, "\(ranged.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(files.map { String($0.prefix(4)) } == ["0001", "0003", "0004", "0005"])
        let backwards = try await export(["--ids", "5-3"])
        #expect(backwards.status == 1)
        #expect(backwards.stderr.contains("--ids takes ids of 1 or more and ranges of them, comma-separated, e.g. 1-20,42"))
    }

    @Test func aKilledExportLeavesOnlyWholeFiles() async throws {
        let process = try RickdexProcess.start(
            ["export", "--all", "--original", "--sizes", "64,256", "--out", out.path, "--api", "fixtures"],
            environment: environment)
        let folder = out
        let killed = try await onOwnThread {
            // Generous: under a sanitizer on a busy machine 400 entries take minutes.
            let deadline = Date().addingTimeInterval(900)
            func count() -> Int {
                ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }
                    .count
            }
            while Date() < deadline, process.isRunning, count() < 300 { usleep(10_000) }
            let running = process.isRunning
            kill(process.processIdentifier, SIGKILL)
            process.exitStatus()
            return running
        }
        #expect(killed, "the export ended before it could be killed")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { !$0.hasPrefix(".") }
        #expect(names.count >= 300)
        // The manifest as the run left it: whole, claiming what it was writing.
        let claim = try JSONDecoder().decode(
            ExportManifest.self, from: Data(contentsOf: out.appendingPathComponent("manifest.json")))
        #expect(Set(names).subtracting(["manifest.json"]).isSubset(of: claim.pending ?? []))
        for name in names where name != "manifest.json" {
            let bytes = try [UInt8](Data(contentsOf: out.appendingPathComponent(name)))
            let id = try #require(Int(name.prefix(4)))
            if name.hasSuffix("-64.png") || name.hasSuffix("-256.png") {
                let expected = name.hasSuffix("-64.png") ? 64 : 256
                let image = try ImageDecoder().decode(bytes)
                #expect(image.width == expected, "\(name) is whole")
            } else {
                #expect(bytes == (try Self.sourceBytes(id)), "\(name) is the original, whole")
            }
        }
    }

    /// A disk that fills up mid-run: a 400 KB tmpfs (mounting needs root; elsewhere this says so
    /// and passes).
    @Test(.enabled(if: Tmpfs.available, Tmpfs.unavailable)) func aFullDiskStopsTheExportWithAClearMessageAndNoPartialFiles()
        async throws
    {
        let mountPoint = try Tmpfs.mount(in: temporary.url, name: "tiny", options: "size=400k")
        defer { Tmpfs.unmount(mountPoint) }
        let target = mountPoint.appendingPathComponent("export")
        let result = try await RickdexProcess.run(
            ["export", "--all", "--original", "--sizes", "256", "--out", target.path, "--api", "fixtures"],
            environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
        #expect(result.stderr.contains(target.path))
        let names = try FileManager.default.contentsOfDirectory(atPath: target.path)
        #expect(!names.isEmpty, "it wrote until the disk was full")
        #expect(names.allSatisfy { !$0.hasPrefix(".") }, "no temporary file left behind")
        for name in names where name != "manifest.json" && (name.hasSuffix(".jpg") || !name.contains("-256")) {
            let id = try #require(Int(name.prefix(4)))
            #expect(try [UInt8](Data(contentsOf: target.appendingPathComponent(name))) == (try Self.sourceBytes(id)), "\(name)")
        }
        for name in names where name.hasSuffix("-256.png") {
            #expect(try ImageDecoder().decode([UInt8](Data(contentsOf: target.appendingPathComponent(name)))).width == 256)
        }
    }

    /// A read-only file system (a tmpfs mounted `ro`: as root, permissions alone do not stop
    /// writes). Skips with a message where mounting is not allowed.
    @Test(.enabled(if: Tmpfs.available, Tmpfs.unavailable)) func aReadOnlyFolderIsRefusedBeforeAnyWork() async throws {
        let mountPoint = try Tmpfs.mount(in: temporary.url, name: "read-only", options: "ro,size=100k")
        defer { Tmpfs.unmount(mountPoint) }
        let result = try await RickdexProcess.run(
            ["export", "--all", "--out", mountPoint.path, "--api", "fixtures"], environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr.contains(mountPoint.path) && result.stderr.contains("not writable"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: temporary.appendingPathComponent("cache").path), "nothing was fetched")
    }

    @Test func anUnusableFolderIsRefusedBeforeAnyWork() async throws {
        let file = temporary.appendingPathComponent("a-file")
        try Data().write(to: file)
        for folder in [file.appendingPathComponent("export").path, file.path, "/proc/rickdex-export"] {
            let result = try await RickdexProcess.run(
                ["export", "--all", "--out", folder, "--api", "fixtures"], environment: environment)
            #expect(result.status == 1, "\(folder)")
            #expect(result.stderr.contains(folder), "\(result.stderr)")
        }
        let cache = temporary.appendingPathComponent("cache")
        #expect(!FileManager.default.fileExists(atPath: cache.path), "no cache was opened: nothing was fetched")
    }

    @Test(arguments: [
        ("Rick Sanchez", "rick-sanchez"), ("Mr. Poopybutthole", "mr-poopybutthole"), ("Morty’s Lawyer", "mortys-lawyer"), ("Rick's Garage", "ricks-garage"), ("Señor Ñandú", "senor-nandu"),
        ("../../etc/passwd", "etc-passwd"), ("", "character"), ("💀🔥", "character"), ("  --Bird--Person--  ", "bird-person"),
        ("Sen\u{0303}or N\u{0303}andu\u{0301}", "senor-nandu"), ("Ｆｕｌｌ Ｗｉｄｔｈ", "full-width"), ("Zoë Øre", "zoe-ore"),
        ("Ǳ Ａ１", "a1"),
    ])
    func slugsAreSafeFileNames(name: String, slug: String) {
        #expect(FileSlug.make(name) == slug)
    }

    @Test func slugsHaveABoundedLength() {
        let slug = FileSlug.make(String(repeating: "Evil Morty ", count: 20))
        #expect(slug.count <= 48)
        #expect(!slug.hasSuffix("-"))
        #expect(FileSlug.stem(id: 7, name: "Juggling Rick", digits: 4) == "0007-juggling-rick")
    }
}
