import Foundation

/// Finds the bundled dataset (`Fixtures/`) for `--api fixtures`.
///
/// Looks at `RICKDEX_FIXTURES`, then up from the executable (a build lives in `.build/…` inside
/// the repository), then up from the current directory.
enum FixturesLocator {
    static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        if let configured = environment["RICKDEX_FIXTURES"], !configured.isEmpty {
            let folder = URL(fileURLWithPath: configured, isDirectory: true)
            guard isDataset(folder) else { throw FixturesNotFound(searched: [folder.path]) }
            return folder
        }
        var searched: [String] = []
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let starts = [
            executable.deletingLastPathComponent(), URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
        ]
        for start in starts {
            var folder = start
            for _ in 0..<8 {
                let candidate = folder.appendingPathComponent("Fixtures", isDirectory: true)
                if isDataset(candidate) { return candidate }
                searched.append(candidate.path)
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { break }
                folder = parent
            }
        }
        throw FixturesNotFound(searched: searched)
    }

    private static func isDataset(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("characters.json").path)
    }
}
