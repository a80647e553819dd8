import ArgumentParser

/// `rickdex serve …`, listed here for `rickdex --help` only: `Rickdex.main` hands every `serve`
/// command line to `rickdex-serve` before parsing, so its options and help are that program's.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a dataset folder with the real API's routes and semantics.",
        discussion: """
            Runs rickdex-serve, installed beside rickdex, with the same arguments: \
            `rickdex serve --help` lists its options.
            """ + Examples.help("serve")
    )
}
