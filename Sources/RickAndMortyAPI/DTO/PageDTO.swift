/// A listing page exactly as the API's JSON writes it: `{"info": {...}, "results": [...]}`.
public struct PageDTO<Resource: APIResource>: Codable, Sendable, Hashable {
    /// The listing's size (`count` items on `pages` pages) and the URLs of its neighbours.
    public struct Info: Codable, Sendable, Hashable {
        public var count: Int
        public var pages: Int
        public var next: String?
        public var prev: String?

        public init(count: Int, pages: Int, next: String?, prev: String?) {
            self.count = count
            self.pages = pages
            self.next = next
            self.prev = prev
        }

        // The API writes `"next": null`; the synthesised encoder would drop the key.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(count, forKey: .count)
            try container.encode(pages, forKey: .pages)
            try container.encode(next, forKey: .next)
            try container.encode(prev, forKey: .prev)
        }
    }

    public var info: Info
    public var results: [Resource]

    public init(info: Info, results: [Resource]) {
        self.info = info
        self.results = results
    }
}
