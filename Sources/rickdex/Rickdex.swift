import ArgumentParser
import BlockArt
import CMalloc
import FoundationEssentials
import LoupeToolbox
import RickAndMortyAPI

import Glibc

/// `rickdex`: search Rick and Morty characters from a terminal or a script.
@main
struct Rickdex: AsyncParsableCommand {
    /// The one version string: `--version`, the user agent and the packages say it.
    static let version = "0.2.0"

    static let configuration = CommandConfiguration(
        commandName: "rickdex",
        abstract: "Search Rick and Morty characters, episodes and locations from the terminal.",
        discussion: """
            The API is \(APIRoot.realService) unless --api (or RICKDEX_API) names another. \
            --api fixtures serves the bundled dataset on a loopback port and uses it, with no network: \
            a dataset generated in the API's shape (made-up names, places and painted avatars, not the \
            real service's data; installed in PREFIX/share/rickdex/fixtures, or RICKDEX_FIXTURES). \
            Answers and avatars are cached (see `rickdex cache`); --offline uses the cache alone. \
            Requests use libcurl (libcurl.so.4, or the file RICKDEX_LIBCURL names), loaded when needed. \
            With no arguments on a terminal, rickdex opens the live search (browse).

            Options every command that talks to the API takes, before the command or after it \
            (rickdex --offline search rick): --api URL, --offline, --timeout SECONDS, --retries N, \
            --cacert FILE, --netrc, --netrc-file FILE, --image-host HOST, --color auto|always|never, -v/--verbose, \
            --cache-dir DIR, --cache-size \
            SIZE and --avatar-max-stale DAYS (`rickdex help search` says each).

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

    /// The options every command takes, declared here too so that the shells' completion scripts
    /// know them before the command (`rickdex --api URL show juggl<Tab>`); `main` moves them after it.
    @OptionGroup(title: "Options every command takes (before it or after it)") var global: GlobalOptions

    /// Runs the command line, mapping every failure to a message and an exit code in one place.
    static func main() async {
        // Before other threads allocate: image work keeps its freed buffers instead of faulting
        // them in again image after image (the application's choice, so made here).
        _ = rdx_malloc_keep_freed_memory()
        // As curl does: `ps` shows `--api user:***@host`, not the password.
        Secrets.hideFromProcessList()
        do {
            // `rickdex` alone on a terminal opens the live search.
            let typed = CommandLineWords.prepared(Array(CommandLine.arguments.dropFirst()))
            let interactive =
                CommandLineWords.areAllGlobalOptions(typed) && TerminalDevice.standardInput.isTerminal
                && TerminalDevice.standardOutput.isTerminal
            let arguments = interactive ? ["browse"] + typed : CommandLineWords.movingGlobalOptions(typed)
            try CommandLineWords.checkCommand(arguments, known: configuration.subcommands.map { $0._commandName } + ["help"])
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            try StandardStreams.finish()
        } catch {
            var report = ErrorReport(error, command: Self.self)
            report.print()
            // Help, a quiet exit's line, or output before another failure that did not get out.
            if !(error is OutputWriteFailure) {
                do {
                    try StandardStreams.finish()
                } catch {
                    ErrorReport(error, command: Self.self).print()
                    if report.isCleanExit || report.exitCode == 0 { report.exitCode = error.exitCode }
                }
            }
            // Browse keeps fzf's exit codes: 1 no match and 130 quit (both quiet), 2 any error.
            let words = CommandLineWords.movingGlobalOptions(Array(CommandLine.arguments.dropFirst()))
            if !(error is QuietExit), !report.isCleanExit, CommandLineWords.areAllGlobalOptions(words) || words.first == "browse" {
                report.exitCode = 2
            }
            Glibc.exit(report.exitCode)
        }
    }
}
