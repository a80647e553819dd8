import BlockArt
import RickAndMortyAPI
import TerminalKit
import TerminalUI
import LoupeToolbox

/// `rickdex episode` and `rickdex location` with nothing named: a page of their list, or every
/// page, as `search` prints characters (aligned, tab-separated when piped, or `--json`).
enum ListingOutput {
    static func print<Resource: APIResource>(
        _ query: ResourceQuery<Resource>, every: Bool, api: APIAccess, json: Bool, global: GlobalOptions,
        fields: (Resource) -> [String]
    ) async throws {
        let result = try await SearchResult.fetch(query, every: every, from: api.client, root: api.jsonRoot)
        let count = result.info.count
        if result.results.isEmpty, let page = result.info.page, count > 0 {
            throw PageNotFound(page: page, pages: result.info.pages, count: count)
        }
        if json { return try api.printJSON(result) }
        let rows = result.results.map { fields($0).map { TerminalText.sanitize($0) } }
        guard TerminalDevice.standardOutput.isTerminal else {
            Swift.print(rows.map { $0.joined(separator: "\t") }.joined(separator: "\n"))
            return result.sayLaterPages(noun: Resource.kind.rawValue)
        }
        let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { TerminalText.width($0[column]) }.max() ?? 0 }
        for row in rows {
            Swift.print(zip(row, widths).map { TerminalText.pad($0, toColumns: $1) }.joined(separator: "  "))
        }
        let style = Style(enabled: global.color.enabled())
        var line = result.summary(noun: Resource.kind.rawValue)
        if let page = result.info.page, page < result.info.pages {
            line += " · --page \(page + 1) for more, --all for every one"
        }
        Swift.print(style.dim(line))
    }
}
