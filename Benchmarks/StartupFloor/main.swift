import ArgumentParser

// The smallest command line built on swift-argument-parser, as Rickdex is, with a subcommand and
// a version: the floor under `rickdex --version` that no ArgumentParser program goes below.
// `Benchmarks/compare --only startup` times both beside a plain hello world.

struct Greet: ParsableCommand {
    @Argument var name = "world"
    @Flag var loud = false

    func run() { print(loud ? "HELLO \(name.uppercased())" : "hello \(name)") }
}

struct StartupFloor: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "startup-floor", version: "1.0.0", subcommands: [Greet.self])
}

StartupFloor.main()
