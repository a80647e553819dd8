import FoundationEssentials
import RickAndMortyAPI
import TerminalUI
import LoupeToolbox

/// `--json` output: pretty, keys in the order the API writes them (a character's `id` first, its
/// `created` last), ISO 8601 dates with milliseconds, one value per run.
enum JSONOutput {
    static func print<T: Encodable>(_ value: T) throws {
        StandardStreams.output(try encoded(value))
    }

    /// `value` as printed, with a newline; the API's URLs written under `root`, when given.
    static func encoded<T: Encodable>(_ value: T, root: APIRoot? = nil) throws -> [UInt8] {
        // The API's own form, milliseconds included, so nothing is lost on the way through.
        let encoder = OrderedJSONEncoder(pretty: true, userInfo: root.map { [.apiRoot: $0] } ?? [:]) {
            $0.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        }
        return try encoder.encode(value) + [0x0A]
    }
}
