import FoundationEssentials
import TerminalUI
import LoupeToolbox

/// `--json` output: pretty, keys in the order the API writes them (a character's `id` first, its
/// `created` last), ISO 8601 dates with milliseconds, one value per run.
enum JSONOutput {
    static func print<T: Encodable>(_ value: T) throws {
        StandardStreams.output(try encoded(value))
    }

    /// `value` as printed, with a newline; URLs under `root.from` moved under `root.to`.
    static func encoded<T: Encodable>(_ value: T, moving root: (from: String, to: String)? = nil) throws -> [UInt8] {
        // The API's own form, milliseconds included, so nothing is lost on the way through.
        let encoder = OrderedJSONEncoder(pretty: true) {
            $0.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        }
        let bytes = try encoder.encode(value) + [0x0A]
        guard let root, root.from != root.to else { return bytes }
        return URLRewriter.replacing(bytes, prefix: Array(root.from.utf8), with: Array(root.to.utf8))
    }
}
