import APIServer
import Foundation
import HTTPTypes
import LoupeHTTP
import RickAndMortyAPI
import TestSupport
import Testing

/// The caching headers `serve` sends: the real origin's (Express's defaults) unless asked for a
/// CDN's, and the filters trimmed as the real API trims them.
@Suite struct OriginHeadersTests {
    let transport = HTTPTransport(configuration: TransportConfiguration(retry: .none))

    func get(_ base: URL, _ path: String, headers: HTTPFields = [:]) async throws -> TransportResponse {
        try await transport.get(try #require(URL(string: base.absoluteString + path)), headers: headers)
    }

    @Test func theOriginSendsExpresssStaticDefaultsAndNoCacheControlOnJSON() async throws {
        try await TestData.withServer(headers: .origin) { base in
            let avatar = try await get(base, "/character/avatar/1.jpeg")
            #expect(avatar.header(.cacheControl) == "public, max-age=0")
            let tag = try #require(avatar.header(.eTag))
            // W/"<size in hex>-<mtime in ms, hex>"
            #expect(tag.hasPrefix("W/\"\(String(avatar.body.count, radix: 16))-") && tag.hasSuffix("\""))
            #expect(avatar.header(.acceptRanges) == "bytes" && avatar.header(.lastModified) != nil)
            #expect(avatar.header(.accessControlAllowOrigin) == "*")
            #expect(try await get(base, "/character/avatar/1.jpeg", headers: [.ifNoneMatch: tag]).status == 304)
            let page = try await get(base, "/character?page=2")
            #expect(page.header(.cacheControl) == nil)
            #expect(page.header(.eTag)?.hasPrefix("W/\"") == true)
            #expect(page.header(.accessControlAllowOrigin) == "*")
        }
    }

    @Test func aCDNSendsLongLifetimesAndStrongAvatarTags() async throws {
        try await TestData.withServer(headers: .cdn) { base in
            let avatar = try await get(base, "/character/avatar/1.jpeg")
            #expect(avatar.header(.cacheControl) == "public, max-age=2592000")
            #expect(avatar.header(.eTag)?.hasPrefix("\"") == true)
            #expect(try await get(base, "/character?page=2").header(.cacheControl) == "public, max-age=3600")
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
