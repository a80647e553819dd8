/// A listing page exactly as the API's JSON writes it: `{"info": {...}, "results": [...]}`.
package struct PageDTO<Resource> {
    /// The listing's size (`count` items on `pages` pages) and the URLs of its neighbors.
    package struct Info: Codable, Sendable, Hashable {
        package var count: Int
        package var pages: Int
        package var next: String?
        package var prev: String?

        package init(count: Int, pages: Int, next: String?, prev: String?) {
            self.count = count
            self.pages = pages
            self.next = next
            self.prev = prev
        }

        // The API writes `"next": null`; the synthesized encoder would drop the key.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(count, forKey: .count)
            try container.encode(pages, forKey: .pages)
            try container.encode(next, forKey: .next)
            try container.encode(prev, forKey: .prev)
        }
    }

    package var info: Info
    package var results: [Resource]

    package init(info: Info, results: [Resource]) {
        self.info = info
        self.results = results
    }
}

extension PageDTO: Decodable where Resource: Decodable {}
extension PageDTO: Encodable where Resource: Encodable {}
extension PageDTO: Sendable where Resource: Sendable {}
