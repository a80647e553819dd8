import FoundationEssentials
import TerminalUI

/// `--json` output: pretty, stable key order, ISO 8601 dates with milliseconds, one value per run.
enum JSONOutput {
    static func print<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // The API's own form, milliseconds included, so nothing is lost on the way through.
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
        }
        var data = try encoder.encode(value)
        data.append(0x0A)
        StandardStreams.output(data)
    }
}
