import Foundation
import TestSupport

/// The built `rickdex` executable, run as a real process.
enum RickdexProcess {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The built `rickdex`, beside this test bundle in the build folder.
    static let executable: URL = {
        let build = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        return build.appendingPathComponent("rickdex")
    }()

    /// Runs `rickdex` to its end on a Dispatch thread: waiting for a process blocks, and a blocked
    /// cooperative thread (two on this machine) would hold up every other test's tasks. A run
    /// that hangs is killed and fails (`Process.finish`).
    ///
    /// Each run gets a cache folder of its own unless `environment` names one
    /// (`RICKDEX_CACHE_DIR`), so no test reads what another one cached, nor the user's cache.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], executable: URL = executable
    ) async throws -> Run {
        try await onDispatchThread { try runBlocking(arguments, environment: environment, executable: executable) }
    }

    static func runBlocking(
        _ arguments: [String], environment: [String: String], executable: URL = executable
    ) throws -> Run {
        let process = try start(arguments, environment: environment, executable: executable)
        defer {
            if environment["RICKDEX_CACHE_DIR"] == nil, let folder = process.environment?["RICKDEX_CACHE_DIR"] {
                try? FileManager.default.removeItem(atPath: folder)
            }
        }
        let run = try process.finishBlocking("rickdex \(arguments.joined(separator: " "))")
        return Run(
            status: run.status, stdout: String(decoding: run.stdout, as: UTF8.self),
            stderr: String(decoding: run.stderr, as: UTF8.self))
    }

    /// Starts `rickdex` and returns at once, its output going to pipes.
    static func start(
        _ arguments: [String], environment: [String: String] = [:], executable: URL = executable
    ) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var base = ProcessInfo.processInfo.environment
        base["NO_COLOR"] = nil
        base["RICKDEX_API"] = nil
        base["RICKDEX_CACHE_DIR"] = try TestData.temporaryFolder().path
        process.environment = base.merging(environment) { $1 }
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        try process.run()
        return process
    }
}
