import FoundationEssentials

/// Writes `Encodable` values as JSON with each object's keys in the order `encode(to:)` writes
/// them, as Express's `JSON.stringify` does (Foundation's encoder on Linux orders them by hash).
/// Slashes are not escaped; `URL`, `Data` as Foundation's; a dictionary's keys sorted.
package struct OrderedJSONEncoder: Sendable {
    package struct Options: Sendable {
        /// How a `Date` is written; `nil` for its own encoding (seconds since 2001).
        var dates: (@Sendable (Date) -> String)?
        var userInfo: [CodingUserInfoKey: any Sendable]
    }

    /// Indented two spaces, with ` : ` between key and value (as `.prettyPrinted`).
    package var pretty: Bool
    private var options: Options

    package init(
        pretty: Bool = false, userInfo: [CodingUserInfoKey: any Sendable] = [:], dates: (@Sendable (Date) -> String)? = nil
    ) {
        self.pretty = pretty
        options = Options(dates: dates, userInfo: userInfo)
    }

    package func encode(_ value: some Encodable) throws -> [UInt8] {
        Array(try text(value).utf8)
    }

    package func text(_ value: some Encodable) throws -> String {
        var text = ""
        try NodeEncoder.node(for: value, path: [], options: options).write(pretty: pretty, into: &text)
        return text
    }
}
