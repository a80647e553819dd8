import Foundation
import TestSupport

/// A suite that runs `rickdex export` into a folder of its own with a cache of its own: each test
/// gets a fresh `temporary` folder.
protocol ExportSuite {
    var temporary: TemporaryFolder { get }
    /// The export folder (by default `export` in `temporary`).
    var out: URL { get }
}

extension ExportSuite {
    var out: URL { temporary.appendingPathComponent("export") }

    var environment: [String: String] { ["RICKDEX_CACHE_DIR": temporary.appendingPathComponent("cache").path] }

    /// `rickdex export ARGUMENTS --out OUT --api fixtures`.
    func export(_ arguments: [String]) async throws -> RickdexProcess.Run {
        try await RickdexProcess.run(["export"] + arguments + ["--out", out.path, "--api", "fixtures"], environment: environment)
    }
}
