import FoundationEssentials
import LoupeToolbox
import RickAndMortyAPI

/// The bundled dataset's server for `--api fixtures`: `rickdex serve` on a free loopback port, as a
/// child process that exits when its standard input (held here) closes, so it goes with the
/// command even when that is killed. Its output and error stay open while it runs (a closed pipe
/// would fail its next write). Thread-safe, as `ChildProcess` is.
final class FixturesServer: Sendable {
    /// Its API root, e.g. `http://127.0.0.1:49152/api`.
    let root: APIRoot
    private let process: ChildProcess

    /// Starts it and waits until it listens. Throws `ServerUnavailable` when the child cannot run,
    /// or exits before listening (no dataset found, say), with its message.
    init() throws {
        // This executable by its own name, so `ps` and `top` show the child as `rickdex`.
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        do {
            process = try ChildProcess(
                executable: executable, arguments: ["serve", "--port", "0", "--until-stdin-closes"])
        } catch {
            throw ServerUnavailable(
                description: "cannot run \(executable): \(error)", exitStatus: .usage)
        }
        // The first line of its output is the API root, once it listens.
        let line = (try? process.readOutputLine()) ?? []
        guard let root = APIRoot(String(decoding: line, as: UTF8.self)), root.url.port != nil else {
            let status = process.wait()
            var message = String(decoding: process.readAllErrors(), as: UTF8.self).trimmingWhitespace()
            if message.hasPrefix("rickdex: ") { message.removeFirst("rickdex: ".count) }
            throw ServerUnavailable(
                description: "the bundled dataset's server did not start: "
                    + (message.isEmpty ? "rickdex serve exited with status \(status)" : message),
                exitStatus: status == 0 ? .network : ExitStatus(rawValue: status) ?? .network)
        }
        self.root = root
    }

    /// Stops the server and waits for it.
    func stop() {
        process.terminate()
        process.wait()
    }
}
