import Foundation
import TestSupport
import Testing

/// A batch that loses its host, or runs past its deadline, says so once, starts nothing more, and
/// its summary says what was done of what was asked: `rickdex warm` against `rickdex serve`.
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
        let server = try ServeProcess(["--data", TestData.fixtures.path, "--latency", "150"])
        let host = try #require(URL(string: server.baseURL)).port.map { "127.0.0.1:\($0)" }!
        let warm = try RickdexProcess.start(arguments + ["--api", server.baseURL], environment: environment)
        let errors = (warm.standardError as? Pipe)?.fileHandleForReading
        nonisolated(unsafe) var stderr = Data()
        let reading = DispatchGroup()
        DispatchQueue.global().async(group: reading) { stderr = errors?.readDataToEndOfFile() ?? Data() }
        // Some avatars in the cache (after the 52 listing pages), then the server goes: watched and
        // killed from a thread of its own, which a busy cooperative pool cannot hold up.
        let (folder, pid) = (cache.appendingPathComponent("cache"), server.pid)
        try await onDispatchThread {
            let deadline = Date().addingTimeInterval(60)
            while Self.entries(in: folder) < 120, Date() < deadline { usleep(20_000) }
            // Killed, as a crash or `kill -9` ends it: a graceful stop would finish the open connection's work.
            Glibc.kill(pid, SIGKILL)
        }
        server.kill()
        let stdout = (warm.standardOutput as? Pipe)?.fileHandleForReading.readDataToEndOfFile() ?? Data()
        reading.wait()
        let status = warm.exitStatus()
        return (String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self), status, host)
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

    /// The server killed mid-warm: one line naming host and port, no line an avatar, and "warmed
    /// N of 826 avatars · M not started".
    @Test func aHostThatGoesAwayIsSaidOnce() async throws {
        let (out, err, status, host) = try await runLosingTheServer(["warm", "--all", "--no-thumbnails"])
        #expect(status == 4, "\(err)")
        let lines = err.split(separator: "\n").filter { !$0.hasPrefix("rickdex: warming") }
        #expect(lines.filter { $0.contains("stopped answering after") }.count == 1, "\(err)")
        #expect(lines.first { $0.contains("stopped answering") }?.hasPrefix("rickdex: \(host) stopped answering after ") == true, "\(err)")
        #expect(!err.contains("cannot reach"), "no line an avatar: \(err)")
        let first = try #require(out.split(separator: "\n").first)
        #expect(first.hasPrefix("warmed ") && first.contains(" of 826 avatars · ") && first.hasSuffix("run the same command again to resume"), "\(out)")
        let parts = first.split(separator: " ")
        let notStarted = try #require(parts.firstIndex(of: "not").flatMap { $0 > 0 ? Int(parts[$0 - 1]) : nil }, "\(first)")
        #expect(notStarted > 0, "\(first)")
    }

    /// An export whose server goes: the same one line, and what was exported of what was asked.
    @Test func anExportThatLosesItsHostSaysWhatWasDone() async throws {
        let out = cache.appendingPathComponent("export").path
        let result = try await runLosingTheServer(["export", "--all", "--sizes", "32", "--out", out])
        #expect(result.status == 4, "\(result.err)")
        #expect(result.err.components(separatedBy: "stopped answering after").count == 2, "\(result.err)")
        #expect(!result.err.contains("cannot reach"), "\(result.err)")
        let first = try #require(result.out.split(separator: "\n").first)
        #expect(first.hasPrefix("exported ") && first.contains(" of 826 characters · "), "\(result.out)")
        #expect(first.hasSuffix(" not started · run the same command again to resume"), "\(first)")
    }

    /// `--timeout` passing: one line for the deadline, not a "cannot reach" an avatar.
    @Test func aDeadlineThatPassesIsSaidOnce() async throws {
        let server = try ServeProcess(["--data", TestData.fixtures.path, "--latency", "300"])
        let result = try await RickdexProcess.run(
            ["warm", "--all", "--no-thumbnails", "--timeout", "2", "--api", server.baseURL], environment: environment)
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr.contains("rickdex: the 2 s deadline (--timeout) passed after "), "\(result.stderr)")
        #expect(!result.stderr.contains("cannot reach"), "\(result.stderr)")
        #expect(result.stdout.hasPrefix("warmed "), "\(result.stdout)")
    }
}
