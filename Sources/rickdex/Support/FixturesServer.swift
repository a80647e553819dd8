import FoundationEssentials
import Toolbox

/// The bundled dataset's server for `--api fixtures`: `rickdex-serve` on a free loopback port, as
/// a child process that ends with this one.
///
/// The child is told to exit when its standard input closes; this process holds that input, so
/// the server goes away even when the command is killed. Its output and error stay open as long
/// as it runs: a pipe closed at this end would fail (or kill, by SIGPIPE) the server's next
/// write to it. Thread-safe, as `ChildProcess` is.
final class FixturesServer: Sendable {
    /// Its API root, e.g. `http://127.0.0.1:49152/api`.
    let baseURL: URL
    private let process: ChildProcess

    /// Starts it and waits until it listens.
    ///
    /// - Throws: `ServerUnavailable` when `rickdex-serve` is missing, or exits before listening
    ///   (no dataset found, say), with its message and exit status.
    init() throws {
        let executable = try ServeExecutable.url().path
        do {
            process = try ChildProcess(executable: executable, arguments: ["--port", "0", "--until-stdin-closes"])
        } catch {
            throw ServerUnavailable(
                description: "cannot run \(executable): \(error)", exitCode: ErrorReport.usage)
        }
        // The first line of its output is the API root, once it listens.
        let line = (try? process.readOutputLine()) ?? []
        guard let url = URL(string: String(decoding: line, as: UTF8.self)), url.port != nil else {
            let status = process.wait()
            var message = String(decoding: process.readAllErrors(), as: UTF8.self).trimmingWhitespace()
            if message.hasPrefix("rickdex serve: ") { message.removeFirst("rickdex serve: ".count) }
            throw ServerUnavailable(
                description: "the bundled dataset's server did not start: "
                    + (message.isEmpty ? "\(ServeExecutable.name) exited with status \(status)" : message),
                exitCode: status == 0 ? ErrorReport.network : status)
        }
        baseURL = url
    }

    /// Stops the server and waits for it.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.wait()
    }
}
