import LoupeToolbox
import RickAndMortyAPI

/// What `search --json` (and `episode --json`, `location --json` with no argument) prints: a
/// page as the API writes one (`info` and `results`), its `info` with one addition, `page`: the
/// page shown (`null` with `--all`, where `results` holds every page and `next` and `prev` are
/// `null`). See docs/json.md.
struct SearchResult<Resource: APIResource>: Encodable {
    struct Info: Encodable {
        var count: Int
        var pages: Int
        var next: String?
        var prev: String?
        var page: Int?

        enum CodingKeys: String, CodingKey {
            case count, pages, next, prev, page
        }

        // `null`s written, as the API writes them (the synthesized encoder drops the keys).
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(count, forKey: .count)
            try container.encode(pages, forKey: .pages)
            try container.encode(next, forKey: .next)
            try container.encode(prev, forKey: .prev)
            try container.encode(page, forKey: .page)
        }
    }

    var info: Info
    var results: [Resource]

    /// One page of `query`'s matches, its links under `root`; `count` and `pages` are the whole
    /// listing's, also past its last page.
    init(page: Page<Resource>, count: Int, pages: Int, query: ResourceQuery<Resource>, root: APIRoot) {
        info = Info(
            count: count, pages: pages,
            next: page.number < pages ? query.at(page: page.number + 1).link(under: root)?.absoluteString : nil,
            prev: page.number > 1 && pages > 0 ? query.at(page: min(page.number - 1, pages)).link(under: root)?.absoluteString : nil,
            page: page.number)
        results = page.items
    }

    /// Every page of the matches.
    init(all pages: [Page<Resource>]) {
        let last = pages.last ?? .empty(number: 1)
        info = Info(count: last.count, pages: last.pages, page: nil)
        results = pages.flatMap(\.items)
    }

    /// Every page of `query` (`every`), or its page alone; past the last page the API says only
    /// "nothing here", so page 1 tells the listing's size.
    static func fetch(
        _ query: ResourceQuery<Resource>, every: Bool, from client: any RickAndMortyClient, root: APIRoot
    ) async throws -> SearchResult {
        if every { return SearchResult(all: try await client.allPages(query)) }
        let page = try await client.page(query)
        let first = page.items.isEmpty && query.page > 1 ? try await client.page(query.at(page: 1)) : page
        return SearchResult(page: page, count: first.count, pages: first.pages, query: query, root: root)
    }

    /// `page 2 of 5 · 97 matches`, or `all 5 pages · 97 matches`.
    func summary(noun: String) -> String {
        let count = Plural.count(info.count, noun)
        guard let page = info.page else { return "all \(info.pages) pages · \(count)" }
        return "page \(page) of \(info.pages) · \(count)"
    }

    /// Piped rows are the page alone: what later pages hold is said on stderr.
    func sayLaterPages(noun: String) {
        guard let page = info.page, page < info.pages else { return }
        let left = info.count - results.count - (page - 1) * 20
        StandardStreams.error(
            "rickdex: page \(page) of \(info.pages) written; \(left) more \(left == 1 ? noun : Plural.of(noun)) "
                + "on later pages: --all (or no --page) writes every page\n")
    }
}
