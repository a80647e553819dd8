import ArgumentParser
import FoundationEssentials
import LoupeToolbox
import TerminalKit

/// `--color auto|always|never`.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
    case auto
    case always
    case never

    /// Whether to emit color escapes on standard output.
    ///
    /// `auto` means yes only on a terminal, with `NO_COLOR` unset or empty and `TERM` not `dumb`.
    func enabled(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        isTerminal: Bool = TerminalDevice.standardOutput.isTerminal
    ) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return isTerminal
        }
    }
}
