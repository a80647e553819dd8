import ArgumentParser
import CMalloc
import FoundationEssentials
import Toolbox

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `rickdex`: search Rick and Morty characters from a terminal or a script.
@main
struct Rickdex: AsyncParsableCommand {
    /// The one version string: `--version`, the user agent and the packages say it.
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "rickdex",
        abstract: "Search Rick and Morty characters, episodes and locations from the terminal.",
        discussion: """
            The API is https://rickandmortyapi.com/api unless --api (or RICKDEX_API) names another. \
            --api fixtures serves the bundled dataset on a loopback port and uses it, with no network: \
            a dataset generated in the API's shape (made-up names, places and painted avatars, not the \
            real service's data; installed in PREFIX/share/rickdex/fixtures, or RICKDEX_FIXTURES). \
            Answers and avatars are cached (see `rickdex cache`); --offline uses the cache alone. \
            Requests use libcurl (libcurl.so.4, or the file RICKDEX_LIBCURL names), loaded when needed. \
            With no arguments on a terminal, rickdex opens the live search (browse).

            Exit codes:

            """ + ExitStatus.helpLines,
        version: version,
        subcommands: [
            SearchCommand.self, BrowseCommand.self, ShowCommand.self, EpisodeCommand.self, LocationCommand.self,
            SheetCommand.self,
            ExportCommand.self, WarmCommand.self,
            CacheCommand.self, ArtCommand.self, TerminalCommand.self,
            ThumbnailCommand.self,
            ServeCommand.self, ManualSectionsCommand.self,
        ]
    )

    /// Runs the command line, mapping every failure to a message and an exit code in one place.
    static func main() async {
        // Before other threads allocate: image work keeps its freed buffers instead of faulting
        // them in again image after image (the application's choice, so made here).
        _ = rdx_malloc_keep_freed_memory()
        do {
            // `rickdex` alone on a terminal opens the live search.
            let arguments = CommandLineWords.prepared(Array(CommandLine.arguments.dropFirst()))
            let interactive =
                arguments.isEmpty && TerminalDevice.standardInput.isTerminal && TerminalDevice.standardOutput.isTerminal
            try CommandLineWords.checkCommand(arguments, known: configuration.subcommands.map { $0._commandName } + ["help"])
            var command = try parseAsRoot(interactive ? ["browse"] : arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let report = ErrorReport(error, command: Self.self)
            report.print()
            #if canImport(Glibc)
                Glibc.exit(report.exitCode)
            #else
                Darwin.exit(report.exitCode)
            #endif
        }
    }
}
