import ArgumentParser

/// `rickdex manual-sections` (hidden): the man page's EXAMPLES, ENVIRONMENT and EXIT STATUS
/// sections in mdoc, from the same lists `--help` prints, for `scripts/stage` to add to the page
/// argument-parser's `generate-manual` makes.
struct ManualSectionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manual-sections", abstract: "Print the man page's extra sections (mdoc).", shouldDisplay: false)

    func run() {
        print(Self.mdoc)
    }

    static var mdoc: String {
        var lines = [".Sh EXAMPLES"]
        for (command, examples) in Examples.byCommand {
            lines += [".Ss \(command)", ".Bd -literal -offset indent"]
            for example in examples { lines += [escaped("$ " + example.typed), escaped("    " + example.does)] }
            lines.append(".Ed")
        }
        lines += [".Sh ENVIRONMENT", ".Bl -tag -width Ds"]
        for variable in Environment.variables { lines += [".It Ev \(variable.name)", escaped(variable.meaning)] }
        lines += [".El", ".Sh EXIT STATUS", ".Bl -tag -width Ds"]
        for status in ExitStatus.allCases { lines += [".It \(status.rawValue)", escaped(status.meaning)] }
        lines.append(".El")
        return lines.joined(separator: "\n")
    }

    /// A line of text as roff reads it: backslashes written as `\e`, and a leading `.` or `'`
    /// (which would make a control line) guarded with `\&`.
    private static func escaped(_ text: String) -> String {
        let line = text.replacing("\\", with: "\\e")
        return line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }
}
