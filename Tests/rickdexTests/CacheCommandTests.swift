import APIServer
import Foundation
import LoupePipeline
import RickAndMortyAPI
import TestSupport
import Testing
import UseCases

/// `warm`, `cache` and `--offline`, run as real processes against real servers on real files.
@Suite struct CacheCommandTests {
    /// Removed when the test ends.
    let temporary: TemporaryFolder
    var cache: URL { temporary.url }

    init() throws {
        temporary = try TemporaryFolder()
    }

    var environment: [String: String] { ["RICKDEX_CACHE_DIR": cache.path] }

    func run(_ arguments: [String], environment: [String: String]? = nil) async throws -> RickdexProcess.Run {
        try await RickdexProcess.run(arguments, environment: environment ?? self.environment)
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The loopback server's address in an answer, written as the real service's.
    func canonical(_ text: String) -> String {
        text.replacingOccurrences(
            of: #"http://127\.0\.0\.1:[0-9]+/api"#, with: APIRoot.realService.description, options: .regularExpression)
    }

    /// Every avatar in the cache, read offline, equals the dataset's file; the ids that do not.
    func avatarsDifferingFromTheDataset(identity: String) async throws -> [Int] {
        let images = ImagePipeline.keyed(
            by: APIIdentity(name: identity, root: .realService), dataLoader: nil, dataCache: try DiskCache(root: cache))
        var wrong: [Int] = []
        for character in TestData.fixturesDataset.characters {
            let expected = try [UInt8](Data(contentsOf: TestData.fixturesDataset.avatarFile(id: character.id)))
            let cached = try? await images.data(for: ImageRequest(APIPath("character/avatar/\(character.id).jpeg"))).bytes
            if cached != expected { wrong.append(character.id) }
        }
        return wrong
    }

    @Test func afterWarmingOfflineAnswersAsTheServerDid() async throws {
        let first = try await run(["warm", "--all", "--no-thumbnails", "--api", "fixtures", "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        let summary = try json(first.stdout)
        let pages = try #require(summary["pages"] as? [String: Int])
        let avatars = try #require(summary["avatars"] as? [String: Int])
        #expect(pages["total"] == 52)  // 42 of characters, 3 of episodes, 7 of locations
        #expect(pages["fetched"] == 52)
        #expect(avatars["fetched"] == 826)
        #expect(avatars["failed"] == 0)

        // A second run (a new port) finds everything fresh and fetches nothing.
        let second = try json(try await run(["warm", "--all", "--no-thumbnails", "--api", "fixtures", "--json"]).stdout)
        #expect((second["pages"] as? [String: Int])?["cached"] == 52)
        #expect((second["avatars"] as? [String: Int])?["cached"] == 826)
        #expect((second["avatars"] as? [String: Int])?["fetched"] == 0)

        // Offline (no server at all) against online (a cold cache of its own, so a real server).
        let commands: [[String]] = [
            ["search", "rick", "--json"], ["search", "--status", "dead", "--species", "alien", "--all", "--json"],
            ["search", "--gender", "male", "--page", "3", "--json"], ["search", "morty", "--type", "clone", "--json"],
            ["search", "nobody-has-this-name", "--json"], ["show", "1", "--json"], ["show", "242", "--json"],
        ]
        for command in commands {
            let online = try await run(command + ["--api", "fixtures"], environment: [:])
            let offline = try await run(command + ["--api", "fixtures", "--offline"])
            #expect(online.status == 0 && offline.status == 0, "\(command): \(offline.stderr)")
            #expect(canonical(online.stdout) == offline.stdout, "\(command)")
        }
        let missing = try await run(["show", "99999", "--api", "fixtures", "--offline"])
        #expect(missing.status == 3, "an unknown id is still 'not found' offline")

        let sheetOnline = cache.appendingPathComponent("online.png")
        let sheetOffline = cache.appendingPathComponent("offline.png")
        let sheet = ["sheet", "--status", "dead", "--species", "robot", "--all", "--api", "fixtures"]
        #expect(try await run(sheet + ["-o", sheetOnline.path], environment: [:]).status == 0)
        let offlineSheet = try await run(sheet + ["-o", sheetOffline.path, "--offline"])
        #expect(offlineSheet.status == 0, "\(offlineSheet.stderr)")
        let same = try Data(contentsOf: sheetOnline) == Data(contentsOf: sheetOffline)
        #expect(same, "the offline sheet has the online one's pixels")

        let verify = try await run(["cache", "verify"])
        #expect(verify.status == 0)
        #expect(verify.stdout.contains("0 corrupt"))
    }

    /// `warm` without `--sizes` makes the thumbnails the views draw and the disk keeps: offline,
    /// they decode nothing but the detail's large avatar, from the original on disk.
    @Test func afterAPlainWarmOfflineViewsMakeNoThumbnail() async throws {
        let warm = try await run(["warm", "--all", "--api", "fixtures", "--json"])
        #expect(warm.status == 0, "\(warm.stderr)")
        let summary = try json(warm.stdout)
        #expect(summary["thumbnailSizes"] as? [Int] == [32, 64])
        #expect(summary["thumbnailsMade"] as? Int == 826 * 2)
        let views: [[String]] = [
            ["search", "rick", "--preview"], ["show", "1", "--preview"], ["episode", "1", "--preview"],
            ["location", "3", "--preview"],
            ["sheet", "--status", "dead", "--species", "robot", "--all", "-o", cache.appendingPathComponent("s.png").path],
        ]
        for view in views {
            let result = try await run(view + ["--api", "fixtures", "--offline", "-v"])
            #expect(result.status == 0, "\(view): \(result.stderr)")
            // The detail's large avatar is made from the original on disk, not kept (ProcessedImageStorage).
            let made = view[0] == "show" ? 1 : 0
            #expect(result.stderr.contains("· \(made) thumbnail\(made == 1 ? "" : "s") made"), "\(view): \(result.stderr)")
            let diskHits = result.stderr.firstMatch(of: /images on disk (\d+) hits?/).flatMap { Int($0.1) } ?? 0
            #expect(result.stderr.firstMatch(of: /answers on disk ([1-9]\d*) read/) != nil, "\(view): \(result.stderr)")
            #expect(diskHits > 0, "\(view): the thumbnails came from disk: \(result.stderr)")
        }
    }

    @Test func offlineWithAColdCacheSaysWhatToWarm() async throws {
        let result = try await run(["search", "rick", "--api", "fixtures", "--offline"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("not in the cache"))
        #expect(result.stderr.contains("rickdex warm --all"))
        #expect(result.stdout.isEmpty)
    }

    @Test func warmingThroughAFaultyServerStoresEveryAvatarWhole() async throws {
        let faults = FaultPlan(failRate: 0.1, throttleRate: 0.05, truncateRate: 0.05, dropRate: 0.05, seed: 5)
        let identity = try await TestData.withServer(faults: faults) { base in
            let result = try await run(["warm", "--all", "--no-thumbnails", "--retries", "8", "--api", base.absoluteString])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("failed 0"))
            return base.absoluteString
        }
        #expect(try await avatarsDifferingFromTheDataset(identity: identity).isEmpty)
        #expect(try DiskCache(root: cache).verify().removed.isEmpty)
    }

    @Test func warmsRunningAtOnceOnOneCacheLeaveItWhole() async throws {
        let runs = [
            ["warm", "--all", "--no-thumbnails", "--api", "fixtures"], ["warm", "--all", "--no-thumbnails", "--api", "fixtures"],
            ["warm", "rick", "--sizes", "32", "--api", "fixtures"], ["warm", "rick", "--sizes", "32", "--api", "fixtures"],
        ]
        let shared = environment
        let results = try await withThrowingTaskGroup(of: RickdexProcess.Run.self) { group in
            for arguments in runs { group.addTask { try await RickdexProcess.run(arguments, environment: shared) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for result in results { #expect(result.status == 0, "\(result.stderr)") }
        // The size record, kept by all four writers at once, against a walk of the files: within
        // one entry per writer (two that replace the same entry at once both count the change).
        let recorded = try json(try await run(["cache", "stats", "--json"]).stdout)
        let stats = try json(try await run(["cache", "stats", "--exact", "--json"]).stdout)
        let walked = (entries: try #require(stats["entries"] as? Int), bytes: try #require(stats["bytes"] as? Int))
        #expect(abs(try #require(recorded["entries"] as? Int) - walked.entries) <= runs.count)
        #expect(abs(try #require(recorded["bytes"] as? Int) - walked.bytes) <= runs.count * 200_000)
        let verify = try json(try await run(["cache", "verify", "--json"]).stdout)
        #expect((verify["removed"] as? [Any])?.isEmpty == true)
        #expect(verify["record"] as? String == "matched", "stats --exact set the record to the walk")
        let kinds = try #require((stats["usage"] as? [String: Any])?["byKind"] as? [String: [String: Any]])
        let ricks = TestData.fixturesDataset.characters.filter { $0.name.lowercased().contains("rick") }.count
        #expect(kinds["original"]?["entries"] as? Int == 826)
        #expect(kinds["processed"]?["entries"] as? Int == ricks)
        #expect(kinds["response"]?["entries"] as? Int == 52 + (ricks + 19) / 20)
        #expect(try await avatarsDifferingFromTheDataset(identity: "fixtures").isEmpty)
    }

    @Test func aWarmKilledMidWayLeavesNoEntryThatFailsVerification() async throws {
        let process = try RickdexProcess.start(
            ["warm", "--all", "--sizes", "48,64,128", "--api", "fixtures"], environment: environment)
        let objects = cache.appendingPathComponent("v2/objects")
        // Polled on a thread of its own: the cooperative pool may be busy with other suites.
        let (killed, ended, stderr) = try await onOwnThread {
            // Generous: under a sanitizer on a busy machine 400 entries take minutes.
            let deadline = Date().addingTimeInterval(900)
            while Date() < deadline, process.isRunning, Self.countFiles(in: objects) < 400 { usleep(10_000) }
            let running = process.isRunning
            kill(process.processIdentifier, SIGKILL)
            let stderr = (process.standardError as? Pipe)?.fileHandleForReading.readDataToEndOfFile() ?? Data()
            return (running, process.waitForTermination(), stderr)
        }
        #expect(killed, "the warm ended before it could be killed: \(String(decoding: stderr, as: UTF8.self))")
        #expect(ended.reason == .uncaughtSignal && ended.status == SIGKILL, "\(ended)")
        let report = try DiskCache(root: cache).verify()
        #expect(report.checked >= 400)
        #expect(report.removed.isEmpty, "\(report.removed)")
        // The next run picks up where the killed one stopped.
        let resumed = try json(try await run(["warm", "--all", "--no-thumbnails", "--api", "fixtures", "--json"]).stdout)
        #expect((resumed["avatars"] as? [String: Int])?["failed"] == 0)
        #expect(((resumed["avatars"] as? [String: Int])?["cached"] ?? 0) > 0)
    }

    /// A cache root on a disk that fills up mid-run (a 300 KB tmpfs): the cache fits itself to the
    /// room it found (its oldest entries go), says so once, not once an item, exits 4, and what it
    /// holds is whole.
    /// Not only `warm`: any command whose cache fills its disk says so as it ends, once, and
    /// still answers.
    @Test(.enabled(if: Tmpfs.available, Tmpfs.unavailable)) func aFullDiskIsSaidByAnyCommand() async throws {
        let disk = try Tmpfs.mount(in: temporary.url, name: "small", options: "size=64k")
        defer { Tmpfs.unmount(disk) }
        let root = disk.appendingPathComponent("cache")
        let result = try await run(
            ["search", "--all", "--api", "fixtures", "--json"], environment: ["RICKDEX_CACHE_DIR": root.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try (json(result.stdout)["results"] as? [Any])?.count == 826)
        #expect(
            result.stderr.components(separatedBy: "the disk under the cache filled up: the cache now keeps to ").count == 2,
            "\(result.stderr)")
    }

    @Test(.enabled(if: Tmpfs.available, Tmpfs.unavailable)) func aFullDiskIsSaidOnceAndTheCacheFitsItselfToIt()
        async throws
    {
        let disk = try Tmpfs.mount(in: temporary.url, name: "full", options: "size=300k")
        defer { Tmpfs.unmount(disk) }
        let root = disk.appendingPathComponent("cache")
        let result = try await run(
            ["warm", "--all", "--api", "fixtures", "--json"], environment: ["RICKDEX_CACHE_DIR": root.path])
        #expect(result.status == 4)
        // Said once: the room it found (and, should a write beside a trim still fail, that once).
        #expect(result.stderr.components(separatedBy: "the disk under the cache filled up: the cache now keeps to ").count == 2)
        #expect(result.stderr.contains("Free space on that disk, or give the cache a larger one with --cache-dir."))
        #expect(result.stderr.components(separatedBy: "No space left on device").count <= 2, "\(result.stderr)")
        #expect(!result.stderr.contains("avatar of"), "no line an item: \(result.stderr)")
        let summary = try json(result.stdout)
        let room = try #require(summary["roomFound"] as? Int)
        #expect(room > 0 && room < 300_000)
        let report = try DiskCache(root: root).verify()
        #expect(report.checked > 0 && report.removed.isEmpty)
        #expect(Self.countFiles(in: root.appendingPathComponent("v2/objects")) == report.checked)
        // No temporary file of a refused write is left beside the entries.
        #expect(try DiskCache(root: root).usage().temporaryFiles == 0)
    }

    @Test(.enabled(if: Tmpfs.available, Tmpfs.unavailable)) func aReadOnlyCacheRootIsRefusedWithAMessage() async throws {
        let disk = try Tmpfs.mount(in: temporary.url, name: "read-only", options: "ro,size=100k")
        defer { Tmpfs.unmount(disk) }
        let root = disk.appendingPathComponent("cache")
        let result = try await run(["warm", "--all", "--api", "fixtures"], environment: ["RICKDEX_CACHE_DIR": root.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains(root.path) && result.stderr.lowercased().contains("read-only"), "\(result.stderr)")
    }

    /// `setpriv`'s words that run a command as `nobody` (with `nogroup`, no other groups): a second
    /// user, since root, which the tests run as here, ignores permissions. `nil` when this process
    /// is not root or either is missing.
    static let asNobody: [String]? = {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), getpwnam("nobody") != nil,
            getgrnam("nogroup") != nil
        else { return nil }
        return ["--reuid=nobody", "--regid=nogroup", "--clear-groups"]
    }()
    static let noSecondUser: Comment = "needs root, setpriv and the user nobody to run rickdex as a user that may not change the cache"

    /// A cache another user may read but not change (a shared one, or one on a read-only disk):
    /// `clear` and `prune` exit 1 with one line naming the permission and the folder, and
    /// nothing is removed. Before, `clear` said "removed 0 entries", exit 0.
    @Test(.enabled(if: asNobody != nil, noSecondUser)) func clearAndPruneSayACacheTheyMayNotChange() async throws {
        let disk = try DiskCache(root: cache)
        for index in 0..<3 {
            let key = CacheKey(["test", "\(index)"])
            try disk.store([UInt8(index)], metadata: disk.metadata(.original, key: key, url: "u", contentType: "x"), for: key)
        }
        let words = try #require(Self.asNobody)
        let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
        func run(_ command: String) async throws -> RickdexProcess.Run {
            try await RickdexProcess.run(
                words + [RickdexProcess.executable.path, "cache", command], environment: environment, executable: setpriv)
        }
        // As the cache makes it (0700: nobody may not even look in), then readable by all.
        for readable in [false, true] {
            if readable {
                let paths = try FileManager.default.subpathsOfDirectory(atPath: cache.path).map { cache.path + "/" + $0 }
                for path in paths + [cache.path] {
                    var isFolder: ObjCBool = false
                    _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
                    try FileManager.default.setAttributes([.posixPermissions: isFolder.boolValue ? 0o755 : 0o644], ofItemAtPath: path)
                }
            }
            for command in ["clear", "prune"] {
                let result = try await run(command)
                #expect(result.status == 1, "\(command): \(result.stdout) \(result.stderr)")
                let line = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
                #expect(line.hasPrefix("rickdex: cannot write to the cache at \(cache.path)"), "\(command): \(result.stderr)")
                #expect(line.hasSuffix("(Permission denied)"), "\(command): \(result.stderr)")
                #expect(!result.stdout.contains("removed"), "\(command) claims nothing: \(result.stdout)")
            }
        }
        let report = try DiskCache(root: cache).verify()
        #expect(report.valid == 3 && report.removed.isEmpty, "nothing was removed")
    }

    /// A cache on a disk mounted read-only after it was filled: `clear` and `prune` exit 1 naming
    /// the folder and the read-only disk, and every entry is still there.
    @Test(.enabled(if: Tmpfs.available, Tmpfs.unavailable)) func clearAndPruneSayAReadOnlyDisk() async throws {
        let disk = try Tmpfs.mount(in: temporary.url, name: "filled", options: "size=1m")
        defer { Tmpfs.unmount(disk) }
        let root = disk.appendingPathComponent("cache")
        let filling = try DiskCache(root: root)
        for index in 0..<3 {
            let key = CacheKey(["test", "\(index)"])
            try filling.store([UInt8(index)], metadata: filling.metadata(.original, key: key, url: "u", contentType: "x"), for: key)
        }
        let remount = Process()
        remount.executableURL = URL(fileURLWithPath: "/bin/mount")
        remount.arguments = ["-o", "remount,ro", disk.path]
        try remount.run()
        try #require(try await remount.finish("mount -o remount,ro").status == 0, "remounted read-only")
        for command in ["clear", "prune"] {
            let result = try await run(["cache", command], environment: ["RICKDEX_CACHE_DIR": root.path])
            #expect(result.status == 1, "\(command): \(result.stdout) \(result.stderr)")
            #expect(
                result.stderr.hasPrefix("rickdex: cannot write to the cache at \(root.path)")
                    && result.stderr.contains("Read-only file system"), "\(command): \(result.stderr)")
        }
        #expect(try DiskCache(root: root).verify().valid == 3)
    }

    /// A project with a `v2/` folder is no cache: every command refuses it, and tags nothing.
    @Test func aFolderWithAV2ButNoTagIsRefusedAndNotTagged() async throws {
        let project = cache.appendingPathComponent("v2")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try Data("notes".utf8).write(to: project.appendingPathComponent("notes.txt"))
        for command in [["cache", "clear"], ["cache", "prune"], ["show", "1", "--api", "fixtures"]] {
            let result = try await run(command)
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("\(cache.path) is not a cache folder"), "\(command): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: cache.appendingPathComponent("CACHEDIR.TAG").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.path) == ["notes.txt"])
    }

    /// Entry files in the shards of `folder`, not the hidden temporary files writes stage beside
    /// them (a warm killed between creating one and renaming it leaves it, and it is no entry).
    static func countFiles(in folder: URL) -> Int {
        let shards = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return shards.reduce(0) { count, shard in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(shard).path)) ?? []
            return count + names.filter { !$0.hasPrefix(".") }.count
        }
    }
}
