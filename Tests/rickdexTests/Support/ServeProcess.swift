import Foundation
import TestSupport
import Testing

/// `rickdex serve -v` as a real process on a free port, its access log (one line a request, on
/// stderr) kept in a file the test reads.
final class ServeProcess {
    let baseURL: String
    private let process: Process
    private let log: URL
    private let folder: TemporaryFolder
    private var exited = false

    /// The upstream's origin, `http://127.0.0.1:N`, for a proxy's `proxy_pass`.
    var origin: String { String(baseURL.dropLast("/api".count)) }

    init(_ arguments: [String] = [], port: Int = 0) async throws {
        folder = try TemporaryFolder()
        log = folder.appendingPathComponent("serve.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process = Process()
        process.executableURL = RickdexProcess.executable
        process.arguments = ["serve", "--port", String(port), "-v"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        // The first line of standard output is the API root, once it listens.
        do {
            baseURL = try await process.firstLine("serve's API root")
        } catch {
            process.exitStatus()
            throw error
        }
        guard URL(string: baseURL)?.port != nil else {
            process.exitStatus()
            exited = true
            throw StartFailure(log: (try? String(contentsOf: log, encoding: .utf8)) ?? "")
        }
    }

    /// The port it listens on.
    var port: Int { URL(string: baseURL)?.port ?? 0 }

    /// `serve` exited without printing its API root (a port in use, say); a plain error, so a
    /// caller that tries again records no issue for the attempt.
    struct StartFailure: Error, CustomStringConvertible {
        let log: String
        var description: String { "serve printed no API root; its log: \(log)" }
    }

    deinit { stop() }

    /// Stops the server (SIGTERM, which lets it finish what its connections asked) and waits for it.
    func stop() {
        // Once waited for, its pid is not ours to signal (Foundation's `isRunning` may not know).
        guard !exited else { return }
        process.terminate()
        process.exitStatus()
        exited = true
    }

    /// The server's process id.
    var pid: Int32 { process.processIdentifier }

    /// Ends the server at once (SIGKILL), as a crash would, and waits for it.
    func kill() {
        guard !exited else { return }
        _ = Glibc.kill(process.processIdentifier, SIGKILL)
        process.exitStatus()
        exited = true
    }

    /// The targets of the requests served so far (`/api/character?page=2`), in order.
    func requests() throws -> [String] {
        try String(contentsOf: log, encoding: .utf8).split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "[APIServer] ") else { return nil }
            let fields = line[range.upperBound...].split(separator: " ")
            return fields.count >= 2 ? String(fields[1]) : nil
        }
    }
}
