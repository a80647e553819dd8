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

    private enum CodingKeys: String, CodingKey { case info, results }

    package init(info: Info, results: [Resource]) {
        self.info = info
        self.results = results
    }
}

extension PageDTO.Info {
    /// The most pages a listing is taken to have, whatever a server says (the real API's most: 42).
    package static var maximumPages: Int { 1_000 }

    /// `count` and `pages` held to what a page of `itemsOnPage` allows, at most `maximumPages`: a
    /// hostile `"pages": 2^62` costs at most `maximumPages` requests, never a crash.
    package func held(itemsOnPage: Int) -> Self {
        let size = max(ResourceListing<RMCharacter>.pageSize, itemsOnPage)
        let count = min(max(0, count), Self.maximumPages * size)
        let pages = min(max(0, pages), (count + size - 1) / size)
        return Self(count: count, pages: pages, next: next, prev: prev)
    }
}

extension PageDTO: Decodable where Resource: Decodable {
    /// Decodes a page as sent, its totals held (`Info.held`).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let results = try container.decode([Resource].self, forKey: .results)
        self.init(info: try container.decode(Info.self, forKey: .info).held(itemsOnPage: results.count), results: results)
    }
}
extension PageDTO: Encodable where Resource: Encodable {}
extension PageDTO: Sendable where Resource: Sendable {}
