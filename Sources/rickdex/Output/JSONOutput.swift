import FoundationEssentials
import TerminalUI
import Toolbox

/// `--json` output: pretty, keys in the order the API writes them (a character's `id` first, its
/// `created` last), ISO 8601 dates with milliseconds, one value per run.
enum JSONOutput {
    static func print<T: Encodable>(_ value: T) throws {
        // The API's own form, milliseconds included, so nothing is lost on the way through.
        let encoder = OrderedJSONEncoder(pretty: true) {
            $0.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        }
        StandardStreams.output(Data(try encoder.encode(value) + [0x0A]))
    }
}
