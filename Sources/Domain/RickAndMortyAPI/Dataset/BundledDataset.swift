import FoundationEssentials
import LoupeToolbox

/// Where the dataset that ships with Rickdex is (`--api fixtures`, `rickdex serve`, suggestions):
/// Rickdex's own install layout, so package access.
package enum BundledDataset {
    /// Its place relative to the folder that holds the executable, as `scripts/install` and the
    /// release archive lay it out (`PREFIX/bin/rickdex`, `PREFIX/share/rickdex/fixtures`).
    package static let installedPath = "../share/rickdex/fixtures"

    /// Finds the folder for this process (`/proc/self/exe`); `configured` (`RICKDEX_FIXTURES`) first.
    package static func locate(configured: String?) throws(DatasetNotFound) -> URL {
        try locate(
            configured: configured, executable: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath(),
            currentDirectory: URL(fileURLWithPath: FileSystem.currentFolder))
    }

    /// `configured` when given; else `installedPath` beside `executable`'s folder; else `Fixtures/`
    /// up from the executable (a build in `.build/…`) and up from `currentDirectory`.
    package static func locate(configured: String?, executable: URL, currentDirectory: URL) throws(DatasetNotFound) -> URL {
        if let configured, !configured.isEmpty {
            let folder = URL(fileURLWithPath: configured, isDirectory: true)
            guard isDataset(folder) else { throw DatasetNotFound(searched: [folder.path], configured: true) }
            return folder
        }
        let binFolder = executable.deletingLastPathComponent()
        let installed = binFolder.appendingPathComponent(installedPath, isDirectory: true).standardizedFileURL
        if isDataset(installed) { return installed }
        var searched = [installed.path]
        for start in [binFolder, currentDirectory] {
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
        throw DatasetNotFound(searched: searched, configured: false)
    }

    private static func isDataset(_ folder: URL) -> Bool {
        FileSystem.info(folder.appendingPathComponent("characters.json").path) != nil
    }
}

/// No bundled dataset where `BundledDataset.locate` looked.
package struct DatasetNotFound: Error, CustomStringConvertible, Sendable {
    /// The folders looked in, in order.
    package let searched: [String]
    /// Whether a configured folder (`RICKDEX_FIXTURES`) was the one looked in.
    package let configured: Bool

    package var description: String {
        if configured {
            return "RICKDEX_FIXTURES names \(searched.first ?? ""), which holds no characters.json; "
                + "point it at a dataset folder, or unset it to use the installed one"
        }
        return "cannot find the bundled dataset (characters.json); it installs with rickdex into "
            + "PREFIX/share/rickdex/fixtures (scripts/install), or set RICKDEX_FIXTURES to its folder. "
            + "Looked in: " + searched.prefix(4).joined(separator: ", ")
    }
}
