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
    /// What failed.
    private let error: any Error

    static let usage = ExitStatus.usage.rawValue
    static let network = ExitStatus.network.rawValue
    static let notFound = ExitStatus.notFound.rawValue
    static let partial = ExitStatus.partial.rawValue

    init(_ error: any Error, command: any ParsableCommand.Type) {
        self.error = error
        if let error = error as? any ReportableError {
            message = "\(error)"
            hint = error.hint
            exitCode = error.exitCode
            return
        }
        let code = command.exitCode(for: error)
        isCleanExit = code == .success
        message = command.fullMessage(for: error)
        exitCode = isCleanExit ? 0 : Self.usage
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
