import APIServer
import Foundation
import Hummingbird
import NIOCore
import Synchronization
import TestSupport
import Testing

@testable import RickAndMortyAPI

/// A server whose listing numbers lie: the client holds them to what the count and the page size
/// allow and to a ceiling, allocates nothing from them, and ends a listing at its first empty page.
@Suite struct LyingCountsTests {
    /// Runs `body` against a server whose first character page holds the first 20 fixtures under
    /// `info`, and whose other pages are the API's "There is nothing here"; counts the requests.
    func withServer(info: String, _ body: (URL, Requests) async throws -> Void) async throws {
        let requests = Requests()
        let characters = try JSONDecoder().decode(
            [CharacterDTO].self, from: Data(contentsOf: TestData.fixtures.appendingPathComponent("characters.json")))
        let first = String(decoding: try JSONEncoder().encode(Array(characters.prefix(20))), as: UTF8.self)
        let router = Router()
        router.get("/api/character") { request, _ in
            requests.count.withLock { $0 += 1 }
            let page = request.uri.queryParameters.get("page").flatMap { Int($0) } ?? 1
            let body = page == 1 ? #"{"info":\#(info),"results":\#(first)}"# : #"{"error":"There is nothing here"}"#
            var fields = HTTPFields()
            fields[.contentType] = "application/json"
            return Response(
                status: page == 1 ? .ok : .notFound, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
        }
        try await TestData.withServer(router: router) { base in try await body(base, requests) }
    }

    @Test func aPageCountOf2To62IsHeldToTheCount() async throws {
        try await withServer(info: #"{"count":826,"pages":4611686018427387904,"next":null,"prev":null}"#) { base, requests in
            let client = TestData.client(base)
            let first = try await client.characters(CharacterQuery())
            #expect(first.pages == 42 && first.count == 826)
            let all = try await client.allPages(CharacterQuery())
            #expect(all.flatMap(\.items).count == 20)
            // 41 pages asked at most, and fewer once the first empty one came back.
            #expect(requests.count.withLock { $0 } <= 43)
        }
    }

    @Test func aHugeCountWithEmptyPagesEndsAtTheFirstEmptyOne() async throws {
        try await withServer(info: #"{"count":10000000,"pages":500000,"next":null,"prev":null}"#) { base, requests in
            let client = TestData.client(base)
            let first = try await client.characters(CharacterQuery())
            #expect(first.pages == PageDTO<WireModel<RMCharacter>>.Info.maximumPages)
            var pages = 0
            for try await _ in client.pages(CharacterQuery()) { pages += 1 }
            #expect(pages == 2)
            requests.count.withLock { $0 = 0 }
            let all = try await client.allPages(CharacterQuery())
            #expect(all.flatMap(\.items).count == 20)
            // The windows in flight when the first empty page came back, not a thousand pages.
            #expect(requests.count.withLock { $0 } < 200, "\(requests.count.withLock { $0 })")
        }
    }

    @Test(arguments: [
        (#"{"count":-5,"pages":-3,"next":null,"prev":null}"#, 0, 0),
        (#"{"count":826,"pages":0,"next":null,"prev":null}"#, 826, 0),
        (#"{"count":9223372036854775807,"pages":9223372036854775807,"next":null,"prev":null}"#, 20_000, 1_000),
    ])
    func numbersAreHeldWhenDecoded(_ info: String, _ count: Int, _ pages: Int) throws {
        let body = Array(#"{"info":\#(info),"results":[]}"#.utf8)
        let page = try JSONDecoder().decode(PageDTO<WireModel<RMCharacter>>.self, from: Data(body))
        #expect(page.info.count == count && page.info.pages == pages)
    }
}

/// The requests a stand-in has answered.
final class Requests: Sendable {
    let count = Mutex(0)
}
