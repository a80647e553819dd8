import APIServer
import Foundation
import HTTP
import RickAndMortyAPI
import TestSupport
import Testing

/// The caching headers `serve` sends: the real origin's (Express's defaults) unless asked for a
/// CDN's, and the filters trimmed as the real API trims them.
@Suite struct OriginHeadersTests {
    let transport = HTTPTransport(configuration: TransportConfiguration(retry: .none))

    func get(_ base: URL, _ path: String, headers: [(String, String)] = []) async throws -> TransportResponse {
        try await transport.get(try #require(URL(string: base.absoluteString + path)), headers: headers)
    }

    @Test func theOriginSendsExpresssStaticDefaultsAndNoCacheControlOnJSON() async throws {
        try await TestData.withServer(headers: .origin) { base in
            let avatar = try await get(base, "/character/avatar/1.jpeg")
            #expect(avatar.header("Cache-Control") == "public, max-age=0")
            let tag = try #require(avatar.header("ETag"))
            // W/"<size in hex>-<mtime in ms, hex>"
            #expect(tag.hasPrefix("W/\"\(String(avatar.body.count, radix: 16))-") && tag.hasSuffix("\""))
            #expect(avatar.header("Accept-Ranges") == "bytes" && avatar.header("Last-Modified") != nil)
            #expect(avatar.header("Access-Control-Allow-Origin") == "*")
            #expect(try await get(base, "/character/avatar/1.jpeg", headers: [("If-None-Match", tag)]).status == 304)
            let page = try await get(base, "/character?page=2")
            #expect(page.header("Cache-Control") == nil)
            #expect(page.header("ETag")?.hasPrefix("W/\"") == true)
            #expect(page.header("Access-Control-Allow-Origin") == "*")
        }
    }

    @Test func aCDNSendsLongLifetimesAndStrongAvatarTags() async throws {
        try await TestData.withServer(headers: .cdn) { base in
            let avatar = try await get(base, "/character/avatar/1.jpeg")
            #expect(avatar.header("Cache-Control") == "public, max-age=2592000")
            #expect(avatar.header("ETag")?.hasPrefix("\"") == true)
            #expect(try await get(base, "/character?page=2").header("Cache-Control") == "public, max-age=3600")
        }
    }

    @Test func filterValuesAreTrimmedAsTheRealAPITrimsThem() async throws {
        try await TestData.withServer { base in
            let plain = try await get(base, "/character?name=rick")
            let padded = try await get(base, "/character?name=%20rick%20&status=%20")
            #expect(padded.body == plain.body, "the same answer, links included")
        }
        let offline = CharacterQuery(filters: [.name: "  rick\t", .status: " "])
        #expect(offline == CharacterQuery(name: "rick"))
        #expect(
            TestData.fixturesDataset.characters.filter(offline.matches).count
                == TestData.fixturesDataset.characters.filter(CharacterQuery(name: "rick").matches).count)
    }
}
