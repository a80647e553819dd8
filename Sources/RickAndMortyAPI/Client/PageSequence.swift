/// The pages of one query, fetched one after another while the API says another follows.
public struct PageSequence<Item: Sendable & Hashable & Codable>: AsyncSequence, Sendable {
    public typealias Element = Page<Item>

    let firstPage: Int
    let fetch: @Sendable (Int) async throws -> Page<Item>

    /// Fetches the next page when asked; `nil` after the last.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var number: Int?
        let fetch: @Sendable (Int) async throws -> Page<Item>

        public mutating func next() async throws -> Page<Item>? {
            guard let current = number else { return nil }
            let page = try await fetch(current)
            number = page.hasNext ? current + 1 : nil
            return page
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(number: firstPage, fetch: fetch)
    }

    /// All items of every page, in order.
    public func allItems() async throws -> [Item] {
        var items: [Item] = []
        for try await page in self {
            items += page.items
        }
        return items
    }
}
