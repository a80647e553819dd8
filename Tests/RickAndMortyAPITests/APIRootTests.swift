import FoundationEssentials
import Testing

@testable import RickAndMortyAPI

/// One address model: a root normalized once, answers read under the client's root when
/// decoded, and written under any root when encoded.
@Suite struct APIRootTests {
    static let proxy = APIRoot("http://proxy.test:8080/api")!
    static let upstream = "http://127.0.0.1:8917/api"

    func character(_ json: String, under root: APIRoot? = Self.proxy) throws -> RMCharacter {
        let url = try #require(URL(string: "\(Self.proxy)/character/1"))
        return try #require(try APIEndpoint.item(RMCharacter.self, id: 1, status: 200, body: Array(json.utf8), url: url, root: root))
    }

    func body(root: String, image: String? = nil) -> String {
        #"{"id":1,"name":"Rick Sanchez","status":"Alive","species":"Human","type":"","gender":"Male","#
            + #""origin":{"name":"Earth","url":"\#(root)/location/1"},"location":{"name":"Citadel","url":"\#(root)/location/3"},"#
            + #""image":"\#(image ?? "\(root)/character/avatar/1.jpeg")","episode":["\#(root)/episode/1"],"#
            + #""url":"\#(root)/character/1","created":"2017-11-04T18:48:46.250Z"}"#
    }

    @Test func aRootIsNormalizedOnce() throws {
        #expect(APIRoot("http://127.0.0.1:8917/api/")?.description == "http://127.0.0.1:8917/api")
        #expect(APIRoot("https://example.test//")?.description == "https://example.test")
        #expect(APIRoot("HTTPS://example.test/v1")?.authority == "example.test")
        #expect(APIRoot("HTTPS://RickAndMortyAPI.com:443/api/") == .realService, "scheme, host, default port, slash")
        #expect(APIRoot("http://127.0.0.1:80/api")?.description == "http://127.0.0.1/api")
        #expect(APIRoot("http://[::1]:8080/api")?.authority == "[::1]:8080")
        for bad in ["ftp://example.test", "example.test", "http://", "http://a.test/api?x=1", "fixtures", ""] {
            #expect(APIRoot(bad) == nil, "\(bad)")
        }
        let root = try #require(APIRoot("http://127.0.0.1:8917/api"))
        #expect(root.resolve("character?page=2")?.absoluteString == "http://127.0.0.1:8917/api/character?page=2")
        #expect(root.relativize("http://127.0.0.1:8917/api/character/1") == "character/1")
        #expect(root.relativize("http://127.0.0.1:8917/api2/character/1") == nil)
        #expect(root.relativize("http://127.0.0.1:8917/api") == nil)
    }

    @Test func theUpstreamsOwnRootIsReadUnderTheProxy() throws {
        let rick = try character(body(root: Self.upstream))
        #expect(rick.url.absoluteString == "\(Self.proxy)/character/1")
        #expect(rick.imageURL.absoluteString == "\(Self.proxy)/character/avatar/1.jpeg")
        #expect(rick.origin.id == 1 && rick.location.id == 3 && rick.episodeIDs == [1])
    }

    @Test func theRealServicesRootIsReadUnderTheProxy() throws {
        let rick = try character(body(root: APIRoot.realService.description))
        #expect(rick.imageURL.absoluteString == "\(Self.proxy)/character/avatar/1.jpeg")
    }

    @Test func anotherHostOrASiblingPathStaysAsWritten() throws {
        for image in ["https://cdn.example.org/avatars/1.jpeg", "http://127.0.0.1:8917/api2/x.jpeg"] {
            #expect(try character(body(root: Self.upstream, image: image)).imageURL.absoluteString == image)
        }
    }

    @Test func aURLAlreadyUnderTheRootIsNotMovedAgain() throws {
        let root = try #require(APIRoot("http://h.test:8080/api"))
        let bare = try #require(APIRoot("http://h.test:8080"))
        #expect(root.adopting("http://h.test:8080/api/character/1", from: [bare]) == "http://h.test:8080/api/character/1")
        #expect(root.adopting("http://h.test:8080/other/1", from: [bare]) == "http://h.test:8080/api/other/1")
    }

    @Test func withoutARootURLsAreAsWritten() throws {
        let rick = try character(body(root: Self.upstream), under: nil)
        #expect(rick.imageURL.absoluteString == "\(Self.upstream)/character/avatar/1.jpeg")
    }

    @Test func encodingWritesEveryURLUnderTheGivenRoot() throws {
        let rick = try character(body(root: Self.upstream))
        let written = try FoundationJSON.text(rick, root: .realService)
        #expect(!written.contains(Self.proxy.description))
        #expect(written.contains(#""image":"https://rickandmortyapi.com/api/character/avatar/1.jpeg""#))
        #expect(written.contains(#""url":"https://rickandmortyapi.com/api/location/3""#))
        #expect(written.contains(#""url":"https://rickandmortyapi.com/api/character/1""#))
        // Without a root, a model writes under its own.
        #expect(try FoundationJSON.text(rick, root: nil).contains(#""url":"\#(Self.proxy)/character/1""#))
    }
}

/// Foundation's encoder with a root in `userInfo`, as any adopter would encode a model.
enum FoundationJSON {
    static func text(_ value: some Encodable, root: APIRoot?) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        if let root { encoder.userInfo[.apiRoot] = root }
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
