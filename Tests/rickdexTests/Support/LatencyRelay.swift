import Foundation
import TestSupport

/// `scripts/latency-tcp` as a real process: a loopback port whose connections reach `upstream`
/// with every byte held back `delay` ms each way.
final class LatencyRelay {
    let port: Int
    private let process: Process

    init(to upstream: Int, delay: Int) async throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", TestData.repositoryRoot.appendingPathComponent("scripts/latency-tcp").path, "--delay", "\(delay)",
            "--to", "127.0.0.1:\(upstream)",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Its first line is the port it listens on.
        let line = try? await process.firstLine("the latency relay's port")
        guard let port = line.flatMap({ Int($0) }) else {
            kill(process.processIdentifier, SIGKILL)
            process.exitStatus()
            throw CocoaError(.executableLoad)
        }
        self.port = port
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.exitStatus()
    }
}
