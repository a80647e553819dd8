/// The API's listing semantics over an in-memory set (filtered pages of 20, id lookups): the
/// loopback server's and offline search's, so both give the real service's results and counts.
package struct ResourceListing<Item: Filterable>: Sendable {
    /// Items per page, as the real API serves them.
    package static var pageSize: Int { 20 }

    /// One page of matches and the totals over all pages.
    package struct Slice: Sendable {
        package var results: [Item]
        package var count: Int
        package var pages: Int
    }

    /// Sorted by id, as the API lists them.
    package let items: [Item]
    private let byID: [Int: Item]

    package init(items: [Item]) {
        self.items = items.sorted { $0.id < $1.id }
        self.byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The page `query` asks for, or `nil` where the API answers 404 "There is nothing here"
    /// (no match, or a page past the last).
    package func page<Resource>(_ query: ResourceQuery<Resource>) -> Slice? where Resource.Filter == Item.Filter {
        // The filters folded once for the whole listing, not once an item.
        let rule = FilterRule(query.filters)
        let matches = items.filter { rule.matches($0) }
        let pages = (matches.count + Self.pageSize - 1) / Self.pageSize
        guard !matches.isEmpty, query.page <= pages else { return nil }
        let start = (query.page - 1) * Self.pageSize
        return Slice(
            results: Array(matches[start..<min(start + Self.pageSize, matches.count)]), count: matches.count, pages: pages)
    }

    package func item(id: Int) -> Item? { byID[id] }

    /// The items among `ids` that exist, once each, in id order: the API's batch answer.
    package func items(ids: [Int]) -> [Item] {
        Set(ids).compactMap { byID[$0] }.sorted { $0.id < $1.id }
    }
}
