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
        let kind = { (count: Int) in Resource.kind.rawValue + (count == 1 ? "" : "s") }
        let result = try await SearchResult.fetch(query, every: every, from: api.client, root: api.jsonRoot)
        let count = result.info.count
        if result.results.isEmpty, let page = result.info.page, count > 0 {
            throw PageNotFound(page: page, pages: result.info.pages, count: count)
        }
        if json { return try api.printJSON(result) }
        let rows = result.results.map { fields($0).map { TerminalText.sanitize($0) } }
        guard TerminalDevice.standardOutput.isTerminal else {
            Swift.print(rows.map { $0.joined(separator: "\t") }.joined(separator: "\n"))
            if let page = result.info.page, page < result.info.pages {
                let left = count - rows.count - (page - 1) * 20
                StandardStreams.error(
                    "rickdex: page \(page) of \(result.info.pages) written; \(left) more \(kind(left)) on later pages: "
                        + "--all (or no --page) writes every page\n")
            }
            return
        }
        let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { TerminalText.width($0[column]) }.max() ?? 0 }
        for row in rows {
            Swift.print(zip(row, widths).map { TerminalText.pad($0, toColumns: $1) }.joined(separator: "  "))
        }
        let style = Style(enabled: global.color.enabled())
        guard let page = result.info.page else {
            return Swift.print(style.dim("all \(result.info.pages) pages · \(count) \(kind(count))"))
        }
        let more = page < result.info.pages ? " · --page \(page + 1) for more, --all for every one" : ""
        Swift.print(style.dim("page \(page) of \(result.info.pages) · \(count) \(kind(count))\(more)"))
    }
}
