import APIServer
import Foundation
import TestSupport
import Testing

/// What reaches standard output is all of it or the command fails, as `cat` and `jq` do: a full
/// disk (`/dev/full`) is exit 1 and one line; a closed pipe ends it as before. And a sheet past
/// what its format or memory holds is refused before any request. `rickdex` as a process.
@Suite struct OutputErrorTests {
    let temporary: TemporaryFolder

    init() throws {
        temporary = try TemporaryFolder()
    }

    var environment: [String: String] { ["RICKDEX_CACHE_DIR": temporary.appendingPathComponent("cache").path] }

    /// Runs `rickdex arguments` with standard output on `/dev/full`; its status and standard error.
    func runIntoAFullDisk(_ arguments: [String]) async throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = RickdexProcess.executable
        process.arguments = arguments
        var base = ProcessInfo.processInfo.environment
        base["NO_COLOR"] = nil
        base["RICKDEX_API"] = nil
        process.environment = base.merging(environment) { $1 }
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        defer { try? full.close() }
        process.standardOutput = full
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let run = try await process.finish("rickdex \(arguments.joined(separator: " "))")
        return (run.status, String(decoding: run.stderr, as: UTF8.self))
    }

    /// JSON, text rows and a sheet's PNG into a full disk: exit 1, one line naming the failure.
    @Test(arguments: [
        ["search", "--all", "--json", "--api", "fixtures"], ["search", "--all", "--api", "fixtures"],
        ["sheet", "rick", "-o", "-", "--api", "fixtures"], ["show", "1", "--json", "--api", "fixtures"],
    ])
    func aFullDiskOnStandardOutputIsAFailure(arguments: [String]) async throws {
        let result = try await runIntoAFullDisk(arguments)
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("wrote ") }
        #expect(lines == ["rickdex: cannot write to standard output: No space left on device"], "\(result.stderr)")
    }

    /// A reader that stops early (`| head -c1`) ends the command as it always did, with nothing
    /// said: by `SIGPIPE` (bash's status 141) where the signal kills, or with exit 0 where it is
    /// ignored (as under this test runner, and so in bash it starts) and the write fails with
    /// `EPIPE`, which is not a failure to report; never exit 1. The pipe is bash's own, so no
    /// process the tests start meanwhile holds its reading end open.
    @Test(arguments: [["search", "--all", "--json", "--api", "fixtures"], ["sheet", "rick", "-o", "-", "--api", "fixtures"]])
    func aClosedPipeEndsItAsBefore(arguments: [String]) async throws {
        let script = #""$0" "$@" | head -c1 >/dev/null; echo "${PIPESTATUS[0]}""#
        let result = try await RickdexProcess.run(
            ["-c", script, RickdexProcess.executable.path] + arguments, environment: environment,
            executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(["141\n", "0\n"].contains(result.stdout), "\(result.stdout) \(result.stderr)")
        #expect(!result.stderr.contains("standard output"), "\(result.stderr)")
    }

    /// A JPEG sheet wider than 65,500 px is refused before any request: `--api` names a port no
    /// one listens on, and the answer is the limit, with the columns that fit.
    @Test func aSheetPastAJPEGsSideIsRefusedBeforeAnyRequest() async throws {
        let file = temporary.appendingPathComponent("wide.jpg")
        let result = try await RickdexProcess.run(
            ["sheet", "rick", "--columns", "200", "--size", "512", "-o", file.path, "--api", "http://127.0.0.1:9/api"],
            environment: environment)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "rickdex: a sheet of 200 characters in 200 columns at --size 512 would be 104,410 × ")
                && result.stderr.contains("px, and a JPEG is at most 65,500 px a side"), "\(result.stderr)")
        #expect(result.stderr.contains("Use --columns 125 or fewer at --size 512"), "\(result.stderr)")
        #expect(!result.stderr.contains("127.0.0.1"), "no request was made: \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: file.path))
        // With --page, a row holds a page at most: the same options are drawn.
        let paged = try await RickdexProcess.run(
            ["sheet", "rick", "--page", "1", "--columns", "200", "--size", "512", "-o", file.path, "--api", "fixtures"],
            environment: environment)
        #expect(paged.status == 0, "\(paged.stderr)")
    }

    /// A sheet past 1 GiB of pixels is refused once the listing says how many it draws, before
    /// any avatar is fetched (they all fail here, which would be exit 4).
    @Test func aSheetPastTheMemoryCapIsRefusedBeforeAnyAvatar() async throws {
        let file = temporary.appendingPathComponent("huge.png")
        let result = try await TestData.withServer(faults: FaultPlan(alwaysFailing: ["avatar/"])) { base in
            try await RickdexProcess.run(
                ["sheet", "--columns", "200", "--size", "512", "-o", file.path, "--api", base.absoluteString, "--retries", "0"],
                environment: environment)
        }
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains("rickdex: a sheet of 826 characters at --size 512 would be 104,410 × "), "\(result.stderr)")
        #expect(result.stderr.contains("more than the 1.0 GB a sheet may take"), "\(result.stderr)")
        #expect(!result.stderr.contains("avatar of"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }
}
