import ArgumentParser
import BlockArt
import FoundationEssentials
import LoupeImaging
import LoupeToolbox
import TerminalKit

/// `rickdex art FILE... [--width N] [--color-mode M] [--graphics G]`
struct ArtCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "art",
        abstract: "Show image files in the terminal, one after another, like chafa.",
        discussion: """
            JPEG and PNG, told apart by their bytes. Block symbols fitted to each cell in the \
            terminal's colors (--symbols), or real pixels with --graphics kitty|iterm|sixel. Images are decoded across the cores and \
            printed in order. - (or a pipe, with no file named) reads one image from standard input. \
            A file that cannot be read is reported and skipped (exit code 4).
            """ + Examples.help("art")
    )

    @Argument(help: "JPEG or PNG files; - for standard input.")
    var files: [String] = []

    @Option(help: "The largest image read, e.g. 64MB (the default) or 1GB; a larger one is refused unread.")
    var maxSize = ImageInput.defaultCap

    @Option(
        help: ArgumentHelp(
            "Lay the images out side by side: COLS[xROWS], or auto.",
            discussion: """
                COLS images a row across --width; with ROWS, each image at most the terminal's \
                height over ROWS, so ROWS rows of images fill the screen (as timg --grid). auto: \
                boxes of 20 columns, as many a row as fit.
                """,
            valueName: "grid"))
    var grid: GridLayout?

    @Flag(help: "With --grid: each file's name under its image.")
    var label = false

    @Option(help: "Width in columns (default: the terminal's width, at most 80).")
    var width: Int?

    @Option(help: "When to use color: auto (a terminal without NO_COLOR), always or never.")
    var color: ColorChoice = .auto

    @OptionGroup var display: DisplayOptions

    func validate() throws {
        if let width, !(1...1000).contains(width) { throw ValidationError("--width must be 1...1000") }
        if label, grid == nil { throw ValidationError("--label goes with --grid") }
        if files.isEmpty, TerminalDevice.standardInput.isTerminal {
            throw ValidationError("give image files, or - (or a pipe) for standard input")
        }
    }

    func run() async throws {
        let capabilities = await display.prepareTerminal(color: color)
        let columns = width ?? min(80, capabilities.columns)
        // Render in parallel, print in order: a window of results, each printed as soon as it
        // and all before it are done.
        let inputs = (files.isEmpty ? ["-"] : files).map(ImageInput.init)
        let cap = maxSize
        if let grid {
            try await drawGrid(inputs, layout: grid, width: width ?? capabilities.columns, capabilities: capabilities)
            return
        }
        var failures: [String] = []
        await BoundedWork.forEachInOrder(inputs, .compute) { input in
            (input, Result { try render(try input.bytes(cap: cap), columns: columns, capabilities: capabilities) })
        } output: { input, outcome in
            switch outcome {
            case .success(let text): StandardStreams.output(text)
            case .failure(let error): failures.append(input.message(for: error))
            }
        }
        try PartialFailure.report(failures, of: inputs.count)
    }

    /// `--grid`: images decoded and fitted across the cores, as plain `art` does, and printed a
    /// row at a time in order; a failed one is reported and takes no place.
    private func drawGrid(
        _ inputs: [ImageInput], layout: GridLayout, width: Int, capabilities: TerminalCapabilities
    ) async throws {
        let grid = layout.grid(width: width, capabilities: capabilities)
        let perColumn = capabilities.graphics == .blocks ? CellRenderer.pixelsPerColumn : capabilities.cellPixels.width
        let pixelWidth = grid.columns * perColumn
        let options = DecodeOptions(minimumShortSide: pixelWidth - pixelWidth / 8, scaling: .fast, allowFirstScanOnly: false)
        let cap = maxSize
        var row: [(box: ImageGrid.Box, label: String)] = []
        var failures: [String] = []
        func flush() {
            guard !row.isEmpty else { return }
            StandardStreams.output(grid.row(row.map(\.box), labels: label ? row.map(\.label) : nil))
            row = []
        }
        await BoundedWork.forEachInOrder(inputs, .compute) { input -> (ImageInput, Result<ImageGrid.Box, any Error>) in
            (input, Result { grid.box(try ImageDecoder(options: options).decode(try input.bytes(cap: cap))) })
        } output: { input, outcome in
            switch outcome {
            case .success(let box):
                row.append((box, input.label))
                if row.count == grid.perRow { flush() }
            case .failure(let error):
                failures.append(input.message(for: error))
            }
        }
        flush()
        try PartialFailure.report(failures, of: inputs.count)
    }

    /// The image `columns` wide (two pixel rows a line), as UTF-8 text ending in a newline.
    private func render(_ bytes: [UInt8], columns: Int, capabilities: TerminalCapabilities) throws -> [UInt8] {
        let cell = capabilities.cellPixels
        // Cell art: the pixels each cell is fitted at.
        let pixelWidth = columns * (capabilities.graphics == .blocks ? CellRenderer.pixelsPerColumn : cell.width)
        // DCT scaling to within an eighth under that: a slight upscale shows nowhere in cells or
        // cell-sized pixels, and 4/8 is a SIMD path in libjpeg-turbo where 5/8 is plain C.
        let options = DecodeOptions(minimumShortSide: pixelWidth - pixelWidth / 8, scaling: .fast, allowFirstScanOnly: false)
        let image = try ImageDecoder(options: options).decode(bytes)
        if capabilities.graphics != .blocks {
            let height = max(1, (image.height * pixelWidth + image.width / 2) / image.width)
            let fitted = Resampler.resize(image, width: pixelWidth, height: height)
            let rows = max(1, (height + cell.height - 1) / cell.height)
            return Array(try GraphicsPlacement(capabilities).flowing(fitted, columns: columns, rows: rows).utf8)
        }
        let renderer = CellRenderer(
            symbols: capabilities.symbols, mode: capabilities.colorMode, background: capabilities.background)
        let rows = CellRenderer.rows(for: image, columns: columns)
        return renderer.utf8Text(image, columns: columns, rows: rows)
    }
}
