/// The API's listing semantics over an in-memory set: filtered pages of 20 and id lookups.
///
/// The loopback server answers requests with it and offline search filters with it, so both
/// give the real service's results and counts.
public struct ResourceListing<Resource: APIResource>: Sendable {
    /// Items per page, as the real API serves them.
    public static var pageSize: Int { 20 }

    /// One page of matches and the totals over all pages.
    public struct Slice: Sendable {
        public var results: [Resource]
        public var count: Int
        public var pages: Int
    }

    /// Sorted by id, as the API lists them.
    public let items: [Resource]
    private let byID: [Int: Resource]

    public init(items: [Resource]) {
        self.items = items.sorted { $0.id < $1.id }
        self.byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The page `query` asks for, or `nil` where the API answers 404 "There is nothing here"
    /// (no match, or a page past the last).
    public func page(_ query: ResourceQuery<Resource>) -> Slice? {
        let matches = items.filter(query.matches)
        let pages = (matches.count + Self.pageSize - 1) / Self.pageSize
        guard !matches.isEmpty, query.page <= pages else { return nil }
        let start = (query.page - 1) * Self.pageSize
        return Slice(
            results: Array(matches[start..<min(start + Self.pageSize, matches.count)]), count: matches.count, pages: pages)
    }

    public func item(id: Int) -> Resource? { byID[id] }

    /// The items among `ids` that exist, once each, in id order: the API's batch answer.
    public func items(ids: [Int]) -> [Resource] {
        Set(ids).compactMap { byID[$0] }.sorted { $0.id < $1.id }
    }
}
