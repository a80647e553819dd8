import Foundation

/// Finds the bundled dataset for `--api fixtures` and `rickdex serve`.
///
/// In order: `RICKDEX_FIXTURES`; `share/rickdex/fixtures` beside this executable's `bin/` (where
/// `scripts/install` and the release archive put it); then `Fixtures/` up from the executable (a
/// build lives in `.build/…` inside the repository) and up from the current directory.
enum FixturesLocator {
    /// The installed dataset's place, relative to the folder that holds the executable.
    static let installedPath = "../share/rickdex/fixtures"

    static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    ) throws -> URL {
        if let configured = environment["RICKDEX_FIXTURES"], !configured.isEmpty {
            let folder = URL(fileURLWithPath: configured, isDirectory: true)
            guard isDataset(folder) else { throw FixturesNotFound(searched: [folder.path], configured: true) }
            return folder
        }
        let binFolder = executable.deletingLastPathComponent()
        let installed = binFolder.appendingPathComponent(installedPath, isDirectory: true).standardizedFileURL
        if isDataset(installed) { return installed }
        var searched = [installed.path]
        for start in [binFolder, URL(fileURLWithPath: FileManager.default.currentDirectoryPath)] {
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
        throw FixturesNotFound(searched: searched, configured: false)
    }

    private static func isDataset(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("characters.json").path)
    }
}
