import ArgumentParser
import BlockArt
import FoundationEssentials
import TerminalUI
import LoupeToolbox

/// What the user sees when a command fails: a message naming what failed, a hint at what to do,
/// and the exit code documented in `rickdex --help`.
struct ErrorReport {
    var message: String
    var hint: String?
    var exitCode: Int32
    /// Help or version output, which goes to stdout with exit code 0.
    var isCleanExit = false
    private let error: any Error

    init(_ error: any Error, command: any ParsableCommand.Type) {
        self.error = error
        if let error = error as? QuietExit {
            (message, exitCode) = ("", error.code)
        } else if let error = error as? any ReportableError {
            (message, hint, exitCode) = ("\(error)", error.hint, error.exitStatus.rawValue)
        } else {
            isCleanExit = command.exitCode(for: error) == .success
            message = command.fullMessage(for: error)
            exitCode = (isCleanExit ? ExitStatus.success : .usage).rawValue
        }
    }

    /// Writes the report: help to stdout, errors to stderr.
    func print() {
        // A quiet exit (browse's 1 and 130, as fzf's) says nothing, and prints what it carries.
        if message.isEmpty {
            if let quiet = error as? QuietExit { StandardStreams.output(quiet.printing) }
            return
        }
        if isCleanExit {
            Swift.print(message)
            return
        }
        // URLs in messages read as typed, `character/[815]`, not `character/%5B815%5D`.
        let readable = message.percentDecoded
        // Every error line starts "rickdex:", the parser's own ("Error: …") too.
        var text = "rickdex: " + (readable.hasPrefix("Error: ") ? String(readable.dropFirst("Error: ".count)) : readable)
        if let hint { text += "\n\(hint)" }
        StandardStreams.error(TerminalText.sanitizeKeepingLines(text) + "\n")
    }
}

/// The exit codes, once: `rickdex --help` lists them from here, the errors give theirs as one
/// (`ReportableError.exitStatus`), and a test holds the README's list to them. Browse keeps fzf's instead: 0 chosen,
/// 1 no match, 2 error, 130 quit.
enum ExitStatus: Int32, CaseIterable {
    case success = 0
    case usage = 1
    case network = 2
    case notFound = 3
    case partial = 4

    /// What the code means, as `--help` says it (the README starts its entries the same way).
    var meaning: String {
        switch self {
        case .success: "success"
        case .usage:
            "usage error (bad option or argument, unusable dataset, output or cache folder, a folder of other files given as the cache, "
            + "two inputs that would write one file, a file of yours in the way of an export, a sheet too large to draw, "
            + "standard output that could not be written)"
        case .network:
            "network or server error (a server that is not the API included), or --offline and the answer is not cached"
        case .notFound:
            "not found (an unknown id or name, export ids that name no character, a page past the last, filters that match no character for sheet, export or warm)"
        case .partial:
            "some items of a batch failed (each is reported; the rest were done), or it stopped when its host went away or its deadline passed"
        }
    }

    /// The `Exit codes:` lines of `--help`, wrapped to 78 columns under the meaning (help keeps
    /// lines that start with spaces as they are).
    static var helpLines: String {
        allCases.map { status in
            var lines = [""]
            for word in status.meaning.split(separator: " ") {
                // UTF-8 counts: the meanings are ASCII, and every start builds these lines.
                if lines[lines.count - 1].utf8.count + word.utf8.count + 1 > 73, !lines[lines.count - 1].isEmpty {
                    lines.append("")
                }
                lines[lines.count - 1] += (lines[lines.count - 1].isEmpty ? "" : " ") + word
            }
            return "  \(status.rawValue)  " + lines.joined(separator: "\n     ")
        }.joined(separator: "\n")
    }
}
