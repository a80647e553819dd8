import FoundationEssentials

/// Writes `Encodable` values as JSON with each object's keys in the order its `encode(to:)`
/// writes them, as a Node API (Express's `JSON.stringify`) and its clients' tests expect:
/// Foundation's encoder on Linux orders keys by hash unless told to sort them. Slashes
/// are not escaped; `URL`s are their absolute strings and `Data` is Base64, as Foundation's
/// encoder does; a dictionary's keys are sorted, so the output is the same on every run; a
/// non-finite number is an error.
package struct OrderedJSONEncoder: Sendable {
    /// What every value's encoding sees.
    package struct Options: Sendable {
        /// How a `Date` is written; `nil` for its own encoding (seconds since 2001, as Foundation's default).
        var dates: (@Sendable (Date) -> String)?
        /// The encoder's `userInfo`.
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

    /// The JSON text of `value`.
    package func text(_ value: some Encodable) throws -> String {
        var text = ""
        try NodeEncoder.node(for: value, path: [], options: options).write(pretty: pretty, into: &text)
        return text
    }
}
