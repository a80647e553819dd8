/// One page of a filtered listing, 20 items at most, in id order.
public struct Page<Item: Sendable & Hashable & Codable>: Sendable, Hashable, Codable {
    /// This page's number, from 1.
    public var number: Int
    /// Matches over all pages.
    public var count: Int
    /// Number of pages (0 when nothing matches).
    public var pages: Int
    public var items: [Item]

    public init(number: Int, count: Int, pages: Int, items: [Item]) {
        self.number = number
        self.count = count
        self.pages = pages
        self.items = items
    }

    /// A page with no matches: how the API's "There is nothing here" reads in Rickdex.
    public static func empty(number: Int) -> Page {
        Page(number: number, count: 0, pages: 0, items: [])
    }

    /// Whether another page follows this one.
    public var hasNext: Bool { number < pages }
}
