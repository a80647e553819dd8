import BlockArt
import RickAndMortyAPI
import TerminalUI
import LoupeToolbox

/// `rickdex episode` and `rickdex location` with nothing named: their whole list, a page at a
/// time, as `search` prints characters (aligned on a terminal, tab-separated when piped, the
/// API's page with `--json`).
enum ListingOutput {
    static func print<Resource: APIResource>(
        _ query: ResourceQuery<Resource>, api: APIAccess, json: Bool, global: GlobalOptions,
        fields: (Resource) -> [String]
    ) async throws {
        let page = try await api.client.page(query)
        let first = page.items.isEmpty && query.page > 1 ? try await api.client.page(query.at(page: 1)) : page
        if page.items.isEmpty, first.count > 0 {
            throw PageNotFound(page: query.page, pages: first.pages, count: first.count)
        }
        if json {
            return try api.printJSON(
                SearchResult(page: page, count: first.count, pages: first.pages, query: query, root: api.jsonRoot))
        }
        let rows = page.items.map { fields($0).map { TerminalText.sanitize($0) } }
        guard TerminalDevice.standardOutput.isTerminal else {
            Swift.print(rows.map { $0.joined(separator: "\t") }.joined(separator: "\n"))
            return
        }
        let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { TerminalText.width($0[column]) }.max() ?? 0 }
        for row in rows {
            Swift.print(zip(row, widths).map { TerminalText.pad($0, toColumns: $1) }.joined(separator: "  "))
        }
        let style = Style(enabled: global.color.enabled())
        let kind = Resource.kind.rawValue + (page.count == 1 ? "" : "s")
        let more = page.number < page.pages ? " · --page \(page.number + 1) for more" : ""
        Swift.print(style.dim("page \(page.number) of \(page.pages) · \(page.count) \(kind)\(more)"))
    }
}
