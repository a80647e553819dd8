import Foundation
import TestSupport
import Testing

/// A batch that loses its host, or runs past its deadline, says so once, starts nothing more, and
/// says what was done of what was asked in counts that add up (done, failed and not started make
/// what was asked), the same in the stop line, the summary and `--json`: `rickdex warm` and
/// `export` against `rickdex serve`.
@Suite struct BatchStopTests {
    let cache: TemporaryFolder

    init() throws {
        cache = try TemporaryFolder()
    }

    var environment: [String: String] { ["RICKDEX_CACHE_DIR": cache.path + "/cache"] }

    /// `arguments` against a server killed (SIGKILL) once the cache holds 120 entries (the 52
    /// listing pages and some avatars): its output and status. At 150 ms an answer, the 826
    /// avatars take seconds, so the kill lands mid-run.
    func runLosingTheServer(_ arguments: [String]) async throws -> (out: String, err: String, status: Int32, host: String) {
        // Slow enough that the whole warm takes seconds, and the kill lands in its middle.
        let server = try await ServeProcess(["--data", TestData.fixtures.path, "--latency", "150"])
        let host = try #require(URL(string: server.baseURL)).port.map { "127.0.0.1:\($0)" }!
        let warm = try RickdexProcess.start(arguments + ["--api", server.baseURL], environment: environment)
        async let finished = warm.finish("rickdex \(arguments.joined(separator: " "))")
        // Some avatars in the cache (after the 52 listing pages), then the server goes: watched and
        // killed from a thread of its own, which a busy cooperative pool cannot hold up.
        let (folder, pid) = (cache.appendingPathComponent("cache"), server.pid)
        try await onOwnThread {
            let deadline = Date().addingTimeInterval(60)
            while Self.entries(in: folder) < 120, Date() < deadline { usleep(20_000) }
            // Killed, as a crash or `kill -9` ends it: a graceful stop would finish the open connection's work.
            Glibc.kill(pid, SIGKILL)
        }
        server.kill()
        let run = try await finished
        let (out, err) = (String(decoding: run.stdout, as: UTF8.self), String(decoding: run.stderr, as: UTF8.self))
        return (out, err, run.status, host)
    }

    /// The entries a cache folder holds now (not the temporary files of writes under way).
    static func entries(in cache: URL) -> Int {
        let objects = cache.appendingPathComponent("v2/objects")
        let shards = (try? FileManager.default.contentsOfDirectory(atPath: objects.path)) ?? []
        return shards.reduce(0) { count, shard in
            let files = (try? FileManager.default.contentsOfDirectory(atPath: objects.appendingPathComponent(shard).path)) ?? []
            return count + files.count { !$0.hasPrefix(".") }
        }
    }

    /// The numbers of a text line, in order: `warmed 43 of 52 pages, 112 of 826 avatars` is
    /// `[43, 52, 112, 826]`. Those within an address (`127.0.0.1:8917`) or a time are left out
    /// by cutting the line at `before`.
    static func numbers(_ line: Substring, before: String = "(") -> [Int] {
        let head = line.components(separatedBy: before)[0]
        return head.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    }

    /// The lines of stderr without the progress bar's.
    static func lines(_ err: String) -> [Substring] {
        err.split(separator: "\n").filter { !$0.contains("\u{1B}[2K") && !$0.isEmpty }
    }

    /// The server killed mid-warm: one line naming host and port and what was done of what was
    /// asked, no line an avatar, and a summary whose counts add up to what was asked, the stop
    /// line's among them.
    @Test func aWarmThatLosesItsHostSaysSoOnceInCountsThatAddUp() async throws {
        let (out, err, status, host) = try await runLosingTheServer(["warm", "--all", "--no-thumbnails"])
        #expect(status == 4, "\(err)")
        let summary = out.split(separator: "\n")
        try #require(summary.count == 3, "\(out)")
        // warmed P of Q pages, A of 826 avatars in S s (or warmed Q pages, when all were)
        var warmed = Self.numbers(summary[0], before: " in ")
        if warmed.count == 3 { warmed.insert(warmed[0], at: 0) }
        try #require(warmed.count == 4 && warmed[3] == 826, "\(summary[0])")
        let (pagesDone, pages, avatarsDone) = (warmed[0], warmed[1], warmed[2])
        // fetched F · already cached C · revalidated R · failed N · not started M (stopped)
        let counts = Self.numbers(summary[1])
        try #require(counts.count == 5, "\(summary[1])")
        #expect(counts[0] + counts[1] + counts[2] == pagesDone + avatarsDone, "\(out)")
        #expect(counts.reduce(0, +) == pages + 826, "done, failed and not started make what was asked: \(out)")
        #expect(counts[4] > 0 && summary[1].hasSuffix("(stopped)") && !out.contains("stopped answering"), "\(out)")
        // Said once, with the summary's count of avatars done.
        let stops = Self.lines(err).filter { $0.contains("stopped answering") }
        #expect(stops.count == 1, "\(err)")
        let expected = "rickdex: \(host) stopped answering after \(avatarsDone) of 826 avatars ("
        #expect(stops.first?.hasPrefix(expected) == true, "\(err)")
        #expect(!err.contains("cannot reach"), "no line an avatar: \(err)")
    }

    /// The same in `--json`: the tallies add up to what was asked, the failed are each named, and
    /// the stop line says the avatars done that the JSON counts.
    @Test func aWarmThatLosesItsHostCountsTheSameInJSON() async throws {
        let (out, err, status, host) = try await runLosingTheServer(["warm", "--all", "--no-thumbnails", "--json"])
        #expect(status == 4, "\(err)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any], "\(out)")
        let avatars = try #require(summary["avatars"] as? [String: Int], "\(out)")
        let pages = try #require(summary["pages"] as? [String: Int], "\(out)")
        for tally in [avatars, pages] {
            let parts = ["fetched", "revalidated", "cached", "failed", "notStarted"].map { tally[$0] ?? -1 }
            #expect(parts.reduce(0, +) == tally["total"], "\(tally)")
        }
        #expect(avatars["total"] == 826 && (avatars["notStarted"] ?? 0) > 0, "\(avatars)")
        #expect((summary["failedAvatars"] as? [Any])?.count == avatars["failed"], "\(out)")
        #expect((summary["failedPages"] as? [Any])?.count == pages["failed"], "\(out)")
        #expect((summary["stopped"] as? String)?.hasPrefix("\(host) stopped answering (") == true, "\(out)")
        let done = (avatars["fetched"] ?? 0) + (avatars["revalidated"] ?? 0) + (avatars["cached"] ?? 0)
        let stops = Self.lines(err).filter { $0.contains("stopped answering") }
        #expect(stops.count == 1 && stops.first?.contains(" after \(done) of 826 avatars (") == true, "\(err)")
    }

    /// An export whose server goes: the same one line, and one summary of what was exported,
    /// failed and not started of what was asked, adding up; the manifest lists those exported.
    @Test func anExportThatLosesItsHostSaysSoOnceInCountsThatAddUp() async throws {
        let out = cache.appendingPathComponent("export")
        let result = try await runLosingTheServer(["export", "--all", "--sizes", "32", "--out", out.path])
        #expect(result.status == 4, "\(result.err)")
        let summary = result.out.split(separator: "\n")
        let first = try #require(summary.first, "\(result.out)")
        #expect(summary.filter { $0.hasPrefix("exported ") }.count == 1, "\(result.out)")
        // exported D of 826 characters to OUT: W files written, K already there and unchanged, F failed, N not started (…)
        let (head, tail) = (first.components(separatedBy: " to ")[0], first.components(separatedBy: ": ").dropFirst().joined())
        let exported = Self.numbers(Substring(head))
        let counts = Self.numbers(Substring(tail))
        try #require(exported.count == 2 && exported[1] == 826 && counts.count == 4, "\(first)")
        let (done, failed, notStarted) = (exported[0], counts[2], counts[3])
        #expect(done + failed + notStarted == 826 && notStarted > 0, "\(first)")
        #expect(first.hasSuffix("not started (stopped)"), "\(first)")
        let stops = Self.lines(result.err).filter { $0.contains("stopped answering") }
        #expect(stops.count == 1, "\(result.err)")
        let expected = "rickdex: \(result.host) stopped answering after \(done) of 826 characters ("
        #expect(stops.first?.hasPrefix(expected) == true, "\(result.err)")
        #expect(!result.err.contains("cannot reach"), "\(result.err)")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("manifest.json")))
        #expect(((manifest as? [String: Any])?["characters"] as? [Any])?.count == done, "the manifest lists those exported")
    }

    /// `--timeout` against a slow server ends the warm at its deadline, as `curl --max-time` ends a
    /// transfer: within 5 %, with a little more for the process to start and end. Requests at
    /// the server are cut off then, those still waiting for a connection are not started, and no
    /// line blames the server for a wait in Rickdex's own queue: one line says the deadline.
    @Test func aDeadlineEndsTheWarmOnTimeAndBlamesNoServer() async throws {
        // 826 avatars at 200 ms an answer over 8 connections take some 20 s: the deadline comes first.
        let server = try await ServeProcess(["--data", TestData.fixtures.path, "--latency", "200"])
        let arguments = ["warm", "--all", "--no-thumbnails", "--timeout", "4", "--json", "--api", server.baseURL]
        // Timed on a thread of its own, which no busy test task holds up.
        let (result, took) = try await onOwnThread { [environment] in
            let started = ContinuousClock.now
            let result = try RickdexProcess.runBlocking(arguments, environment: environment)
            return (result, ContinuousClock.now - started)
        }
        #expect(result.status == 4, "\(result.stderr)")
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        // The command's own time, from its start; the process's adds its start and end.
        let seconds = try #require(summary["seconds"] as? Double)
        // Within 5 % on a quiet machine (3.09–3.18 s for --timeout 3, measured by hand); the whole
        // suite running beside it has held the process to 5.7 s. Either way far from the 20 s the
        // work needs, or a request's own 30 s: the deadline ended it.
        #expect(seconds >= 4 && seconds <= 4 * 1.05 + 2, "\(seconds) s")
        // The whole process, its start and end included, under the full suite: up to 9.5 s seen.
        #expect(took <= .seconds(4 + 8), "\(took)")
        #expect(summary["stopped"] as? String == "the deadline passed", "\(result.stdout)")
        let avatars = try #require(summary["avatars"] as? [String: Int])
        let done = (avatars["fetched"] ?? 0) + (avatars["revalidated"] ?? 0) + (avatars["cached"] ?? 0)
        #expect(done + (avatars["failed"] ?? 0) + (avatars["notStarted"] ?? 0) == 826, "\(avatars)")
        #expect((avatars["notStarted"] ?? 0) > 0, "\(avatars)")
        // One line, and none an avatar: no "no answer from", "too slowly" or "cannot reach".
        let line = "rickdex: the 4 s deadline (--timeout) passed after \(done) of 826 avatars"
            + " · run the same command again to resume"
        #expect(Self.lines(result.stderr) == [Substring(line)], "\(result.stderr)")
    }
}
