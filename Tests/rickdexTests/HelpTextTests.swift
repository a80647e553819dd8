import ArgumentParser
import Foundation
import Testing

@testable import rickdex

/// Help is written as paragraphs that ArgumentParser wraps to the terminal's width. A line break
/// inside a paragraph survives that wrap and leaves a stub line in an 80-column terminal.
@Suite struct HelpTextTests {
    @Test func discussionsBreakLinesOnlyBetweenParagraphsAndBeforeIndentedRows() {
        let commands = Self.commands(under: Rickdex.self)
        #expect(commands.count > 10)
        for command in commands {
            let name = command.configuration.commandName ?? "\(command)"
            let lines = command.configuration.discussion.split(separator: "\n", omittingEmptySubsequences: false)
            for (line, next) in zip(lines, lines.dropFirst()) where !line.isEmpty && !next.isEmpty {
                #expect(next.hasPrefix("  "), "\(name): a line break inside a paragraph, after “…\(line.suffix(30))”")
            }
        }
    }

    /// One exit-code table: `--help` prints `ExitStatus`, the errors use it, and the README's
    /// list names each code with the start of its meaning.
    @Test func theREADMEsExitCodesAreTheOnesHelpPrints() throws {
        let help = Rickdex.helpMessage(columns: 100)
        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8
        ).replacing("\n", with: " ")
        for status in ExitStatus.allCases {
            #expect(help.contains("  \(status.rawValue)  \(status.meaning.prefix(20))"), "\(status)")
            let start = status.meaning.prefix { $0 != "(" && $0 != "," }.trimmingCharacters(in: .whitespaces)
            #expect(readme.contains("`\(status.rawValue)` \(start)"), "README.md lacks “`\(status.rawValue)` \(start)”")
        }
        #expect(ExitStatus.allCases.map(\.rawValue) == [0, 1, 2, 3, 4], "scripts test these numbers")
        #expect(ErrorReport(NotFound(what: "episode S09E99"), command: Rickdex.self).exitCode == 3)
        #expect(ErrorReport(PartialFailure(failed: 2, total: 2, whenAllFailed: .usage), command: Rickdex.self).exitCode == 1)
    }

    /// Every command's help ends with examples, and the man page lists the same ones, with the
    /// environment and the exit codes, from the same lists (`manual-sections`).
    @Test func everyCommandsHelpEndsWithExamplesThatTheManPageListsToo() throws {
        let manual = ManualSectionsCommand.mdoc
        for command in Rickdex.configuration.subcommands where command.configuration.shouldDisplay {
            let name = command._commandName
            let help = Rickdex.helpMessage(for: command, columns: 100)
            let examples = try #require(Examples.byCommand.first { $0.command == name }?.examples, "\(name) has examples")
            let discussion = try #require(help.components(separatedBy: "USAGE:").first)
            #expect(discussion.contains("Examples:\n  \(examples[0].typed)"), "\(name): \(discussion.suffix(300))")
            #expect(manual.contains("$ \(examples[0].typed)"), "\(name)'s examples in the man page")
        }
        for section in [".Sh EXAMPLES", ".Sh ENVIRONMENT", ".Sh EXIT STATUS", ".It Ev RICKDEX_CACHE_DIR", ".It 3"] {
            #expect(manual.contains(section), "\(section)")
        }
    }

    @Test func everyParagraphOfWarmsHelpFills80Columns() throws {
        let help = Rickdex.helpMessage(for: WarmCommand.self, columns: 80)
        // The prose, up to the examples (whose lines are as long as what they show).
        let text = try #require(help.components(separatedBy: "USAGE:").first?.components(separatedBy: "Examples:").first)
        let paragraphs = text.components(separatedBy: "\n\n").map { $0.split(separator: "\n") }
        #expect(paragraphs.count >= 2, "\(help)")
        for lines in paragraphs {
            // Every line but a paragraph's last is filled to near the width.
            #expect(lines.dropLast().allSatisfy { (60...80).contains($0.count) }, "\(lines.joined(separator: "\n"))")
        }
    }

    /// `root` and every command under it.
    static func commands(under root: any ParsableCommand.Type) -> [any ParsableCommand.Type] {
        [root] + root.configuration.subcommands.flatMap { commands(under: $0) }
    }
}
