import ArgumentParser
import Foundation

/// Options every command that talks to the API takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The API root URL, or 'fixtures' for the bundled dataset served on a loopback port.",
            discussion: "Default: $RICKDEX_API, else https://rickandmortyapi.com/api.",
            valueName: "url"))
    var api: String?

    @Option(name: .long, help: "When to use colour: auto (a terminal without NO_COLOR), always or never.")
    var color: ColorChoice = .auto

    @Flag(name: [.short, .long], help: "Log each request and retry to stderr.")
    var verbose = false

    /// `--api`, then `RICKDEX_API`, then the real service.
    var apiSetting: String {
        api ?? ProcessInfo.processInfo.environment["RICKDEX_API"].flatMap { $0.isEmpty ? nil : $0 }
            ?? APIConnection.realService
    }
}
