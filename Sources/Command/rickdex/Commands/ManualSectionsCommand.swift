import ArgumentParser
import RickAndMortyAPI

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

/// The environment variables Rickdex reads, once: the man page's ENVIRONMENT section is made
/// from this list (`rickdex manual-sections`).
enum Environment {
    static let variables: [(name: String, meaning: String)] = [
        ("RICKDEX_API", "The API root, as --api; 'fixtures' for the bundled dataset. Default: \(APIRoot.realService)."),
        ("RICKDEX_CACHE_DIR", "The cache folder, as --cache-dir. Default: $XDG_CACHE_HOME/rickdex, else ~/.cache/rickdex."),
        ("RICKDEX_CACERT", "A PEM file of CA certificates to trust instead of the system's, as --cacert (a team proxy's CA)."),
        ("RICKDEX_SYMBOLS", "The block symbols avatars are drawn in: half, quadrant, sextant, octant or auto, as --symbols."),
        ("RICKDEX_NO_PROBE", "1: do not ask the terminal what it is, as --no-probe."),
        ("RICKDEX_PROBE_TIMEOUT", "Seconds to wait for the terminal's answers (0.01 to 30). Default: 1."),
        ("RICKDEX_FIXTURES", "The bundled dataset's folder, for --api fixtures. Default: PREFIX/share/rickdex/fixtures."),
        ("RICKDEX_LIBCURL", "The libcurl file to load. Default: libcurl.so.4."),
        ("NO_COLOR", "Set and not empty: no color, unless --color always."),
        ("XDG_CACHE_HOME", "Where the cache folder goes when RICKDEX_CACHE_DIR is not set."),
        ("TERM, COLORTERM, TMUX", "What the terminal is, before it is asked; inside tmux, images take tmux's routes."),
    ]
}
