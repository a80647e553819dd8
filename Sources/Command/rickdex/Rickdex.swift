import ArgumentParser
import CMalloc
import FoundationEssentials
import LoupeToolbox
import RickAndMortyAPI

import Glibc
import TerminalKit

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
            if typed.first == "--generate-completion-script", let script = CompletionScripts.script(typed.dropFirst().first) {
                return print(script)
            }
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
                    if report.isCleanExit || report.exitCode == 0 { report.exitCode = error.exitStatus.rawValue }
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

/// The shells' completion scripts: argument-parser's, for the command line as `main` reads it,
/// where the options every command takes may come before the command too (`rickdex --api URL show
/// juggl<Tab>`). Only the scripts declare them there: the commands take them after themselves.
struct CompletionScripts: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rickdex", subcommands: Rickdex.configuration.subcommands)

    @OptionGroup var global: GlobalOptions

    /// The script for `shell` (`bash`, `zsh` or `fish`; the login shell's when `nil`); `nil` for a
    /// shell argument-parser does not know, which the parser then refuses in its own words.
    static func script(_ shell: String?) -> String? {
        guard let kind = shell.map({ CompletionShell(rawValue: $0) }) ?? CompletionShell.autodetected() else { return nil }
        let script = completionScript(for: kind)
        guard kind == .bash else { return script }
        return script.replacing("\n_rickdex() {\n", with: "\n" + joinWords + "\n_rickdex() {\n    __rickdex_join_words\n")
    }

    /// bash splits the line into words at `COMP_WORDBREAKS`, `:` and `=` among them: a URL after
    /// `--api` reaches the script in pieces, and neither it nor the command's completion would
    /// find the command or the API. This joins the pieces that touch on the line back into the
    /// words the command gets (as bash-completion's `_get_comp_words_by_ref -n :=` does).
    static let joinWords = """
        __rickdex_join_words() {
            local line="${COMP_LINE:0:COMP_POINT}" word spaced
            local -a joined=()
            local -i i cword=0
            for (( i = 0; i < ${#COMP_WORDS[@]}; i++ )); do
                word="${COMP_WORDS[i]}"
                spaced="${line%%[![:space:]]*}"
                line="${line#"$spaced"}"
                if (( i > 0 )) && [[ -z "$spaced" ]]; then
                    joined[${#joined[@]}-1]+="$word"
                else
                    joined+=("$word")
                fi
                line="${line#"$word"}"
                (( i == COMP_CWORD )) && cword=$(( ${#joined[@]} - 1 ))
            done
            COMP_WORDS=("${joined[@]}")
            COMP_CWORD=$cword
        }
        """
}

