import Foundation
import Testing
import UseCases

@testable import rickdex

/// Completion offers whole names, as `show` then takes them: the words typed before the one
/// completed are part of the name; a name the shell would misread, or one that starts as typed
/// only once folded, is offered folded.
@Suite struct ShellCompletionTests {
    static let entries = ["Rick's Garage", "Rick Sanchez", "Martínez", "Morty’s Lawyer", "Mr. Poopybutthole", "Mr. Poncho"]
        .enumerated().map { NameIndex.Entry(id: $0.offset + 1, name: $0.element) }

    @Test(arguments: [
        ("ricks", [String](), ["ricks garage"]), ("rick", [], ["ricks garage", "rick Sanchez"]), ("marti", [], ["martinez"]),
        ("mortys", [], ["mortys lawyer"]), ("morty\\'s", [], ["morty's lawyer"]), ("mr p", [], ["mr poopybutthole", "mr poncho"]),
        ("Rick S", [], ["Rick Sanchez"]), ("zz", [], []),
        // Words before: the rest of the whole name.
        ("po", ["mr"], ["poopybutthole", "poncho"]), ("poo", ["Mr."], ["poopybutthole"]), ("", ["rick"], ["sanchez"]),
        ("s", ["rick"], ["sanchez"]), ("g", ["ricks"], ["garage"]), ("x", ["mr"], []),
    ])
    func candidatesAreWhatShowTakes(typed: String, before: [String], offered: [String]) {
        #expect(ShellCompletion.names(typed, after: before, among: Self.entries) == offered)
    }

    /// The words of a name are those after the command that are neither options nor their values.
    @Test func theNameIsTheWordsAfterTheCommandAndItsOptions() {
        let line = NamesOnLine(["rickdex", "--api", "fixtures", "show", "--cache-dir", "/tmp/x", "mr", "--offline", "po"])
        #expect(line.nameWords(before: 8) == ["mr"])
        #expect(line.setting == .fixtures)
        #expect(NamesOnLine(["rickdex", "show", "--api=fixtures", "rick", "s"]).nameWords(before: 4) == ["rick"])
    }

    /// Every option of `show`, `episode` and `location` that takes a value, as the completion
    /// script lists them, is known to take one: else its value would read as a word of the name.
    @Test func theOptionsThatTakeAValueAreTheScriptsOwn() async throws {
        let script = try await RickdexProcess.run(["--generate-completion-script", "bash"]).stdout
        for command in ["show", "episode", "location"] {
            let function = try #require(script.range(of: "_rickdex_\(command)() {"))
            let body = script[function.upperBound...].prefix(2000)
            for list in ["non_repeating_options=(", "repeating_options=("] {
                let start = try #require(body.range(of: list))
                let options = body[start.upperBound...].prefix { $0 != ")" }.split(separator: " ").map(String.init)
                for option in options { #expect(NamesOnLine.valued.contains(option), "\(command) \(option)") }
            }
        }
    }
}
