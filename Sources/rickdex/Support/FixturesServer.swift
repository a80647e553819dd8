import Foundation

/// The bundled dataset's server for `--api fixtures`: `rickdex-serve` on a free loopback port, as
/// a child process that ends with this one.
///
/// The child is told to exit when its standard input closes; this process holds that input, so
/// the server goes away even when the command is killed. Sendable: its properties are set once,
/// and `Process` may be stopped and waited for from any thread.
final class FixturesServer: @unchecked Sendable {
    /// Its API root, e.g. `http://127.0.0.1:49152/api`.
    let baseURL: URL
    private let process: Process
    /// Its standard input, output and error, kept open as long as it runs: a pipe closed at this
    /// end would fail (or kill, by SIGPIPE) the server's next write to it.
    private let pipes: (input: Pipe, output: Pipe, errors: Pipe)

    /// Starts it and waits until it listens.
    ///
    /// - Throws: `ServerUnavailable` when `rickdex-serve` is missing, or exits before listening
    ///   (no dataset found, say), with its message and exit status.
    init() throws {
        process = Process()
        process.executableURL = try ServeExecutable.url()
        process.arguments = ["--port", "0", "--until-stdin-closes"]
        pipes = (Pipe(), Pipe(), Pipe())
        process.standardInput = pipes.input
        process.standardOutput = pipes.output
        process.standardError = pipes.errors
        try process.run()
        // The first line of its output is the API root, once it listens.
        var line = Data()
        while let byte = try pipes.output.fileHandleForReading.read(upToCount: 1)?.first, byte != 0x0A {
            line.append(byte)
        }
        guard let url = URL(string: String(decoding: line, as: UTF8.self)), url.port != nil else {
            process.waitUntilExit()
            var message = String(decoding: pipes.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            if message.hasPrefix("rickdex serve: ") { message.removeFirst("rickdex serve: ".count) }
            throw ServerUnavailable(
                description: "the bundled dataset's server did not start: "
                    + (message.isEmpty ? "\(ServeExecutable.name) exited with status \(process.terminationStatus)" : message),
                exitCode: process.terminationStatus == 0 ? ErrorReport.network : process.terminationStatus)
        }
        baseURL = url
    }

    /// Stops the server and waits for it.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}
