import ArgumentParser

/// Whether and how large avatars are drawn beside text.
struct PreviewOptions: ParsableArguments {
    @Flag(
        inversion: .prefixedNo,
        help: "Draw avatars beside the text, or not (--no-preview). Default: on a terminal, without --json.")
    var preview: Bool?

    @Option(help: ArgumentHelp("Avatar width in columns (its height is half as many lines).", valueName: "columns"))
    var previewSize: Int?

    func validate() throws {
        if let previewSize, !(2...80).contains(previewSize) || previewSize % 2 != 0 {
            throw ValidationError("--preview-size must be an even number of columns, 2...80")
        }
    }

    /// Whether to draw, given whether standard output is a terminal.
    func enabled(isTerminal: Bool) -> Bool { preview ?? isTerminal }

    func columns(default value: Int) -> Int { previewSize ?? value }
}
