import FoundationEssentials
import Testing

@testable import RickAndMortyAPI

/// One address model: a root normalized once, what answers name kept as paths relative to the
/// root they came from when decoded, and written under any root when encoded.
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
        #expect(APIRoot("HTTPS://RickAndMortyAPI.com:443/api/") == .realService, "scheme, host, default port, slash")
        #expect(APIRoot("http://127.0.0.1:80/api")?.description == "http://127.0.0.1/api")
        #expect(APIRoot("http://[::1]:8080/api")?.description == "http://[::1]:8080/api")
        for bad in ["ftp://example.test", "example.test", "http://", "http://a.test/api?x=1", "fixtures", ""] {
            #expect(APIRoot(bad) == nil, "\(bad)")
        }
        let root = try #require(APIRoot("http://127.0.0.1:8917/api"))
        #expect(root.url(for: "character?page=2")?.absoluteString == "http://127.0.0.1:8917/api/character?page=2")
        #expect(root.url(for: "episode/%5B1,2%5D")?.absoluteString == "http://127.0.0.1:8917/api/episode/%5B1,2%5D")
        #expect(root.url(for: "https://cdn.test/1.jpeg")?.absoluteString == "https://cdn.test/1.jpeg", "a whole URL as it is")
        #expect(root.url(for: "") == nil)
        #expect(root.path(of: "http://127.0.0.1:8917/api/character/1") == "character/1")
        #expect(root.path(of: "http://127.0.0.1:8917/api2/character/1") == nil)
        #expect(root.path(of: "http://127.0.0.1:8917/api") == nil)
    }

    @Test func theUpstreamsOwnRootIsReadAsAPath() throws {
        let rick = try character(body(root: Self.upstream))
        #expect(rick.image == "character/avatar/1.jpeg" && rick.path == "character/1")
        #expect(rick.origin.id == 1 && rick.location.id == 3 && rick.episodeIDs == [1])
        #expect(Self.proxy.url(for: rick.image)?.absoluteString == "\(Self.proxy)/character/avatar/1.jpeg")
    }

    @Test func theRealServicesRootIsReadAsAPath() throws {
        #expect(try character(body(root: APIRoot.realService.description)).image == "character/avatar/1.jpeg")
        #expect(try character(body(root: APIRoot.realService.description), under: nil).image == "character/avatar/1.jpeg")
    }

    @Test func anotherHostOrASiblingPathStaysWhole() throws {
        for image in ["https://cdn.example.org/avatars/1.jpeg", "http://127.0.0.1:8917/api2/x.jpeg"] {
            let rick = try character(body(root: Self.upstream, image: image))
            #expect(rick.image.description == image)
            #expect(Self.proxy.url(for: rick.image)?.absoluteString == image)
        }
    }

    /// A URL under the root whose rest is no plain relative path (`//x`, `a:b`) stays whole, so it
    /// names what the answer named; a value with no scheme that is no plain path goes nowhere.
    @Test func onlyAPlainRelativePathIsReadUnderTheRoot() throws {
        for image in ["\(Self.upstream)//cdn.test/x.jpeg", "\(Self.upstream)/a:b.jpeg"] {
            let rick = try character(body(root: Self.upstream, image: image))
            #expect(rick.image.description == image)
            #expect(Self.proxy.url(for: rick.image)?.absoluteString == image)
        }
        for value in ["//cdn.test/x.jpeg", "/x.jpeg", ""] {
            #expect(Self.proxy.url(for: APIPath(value)) == nil, "\(value)")
        }
        #expect(Self.proxy.url(for: "character/?page=2")?.absoluteString == "\(Self.proxy)/character/?page=2")
        #expect(Self.proxy.url(for: "?page=2")?.absoluteString == "\(Self.proxy)/?page=2")
    }

    @Test func aURLUnderTheClientsRootIsReadUnderIt() throws {
        let bare = try #require(APIRoot("http://proxy.test:8080"))
        let rick = try character(body(root: Self.proxy.description), under: bare)
        #expect(rick.image == "api/character/avatar/1.jpeg", "read under the client's root first")
        #expect(bare.url(for: rick.image)?.absoluteString == "\(Self.proxy)/character/avatar/1.jpeg", "the same URL")
    }

    @Test func encodingWritesEveryURLUnderTheGivenRoot() throws {
        let rick = try character(body(root: Self.upstream))
        let written = try FoundationJSON.text(rick, root: Self.proxy)
        #expect(!written.contains(Self.upstream) && !written.contains(APIRoot.realService.description))
        #expect(written.contains(#""image":"http://proxy.test:8080/api/character/avatar/1.jpeg""#))
        #expect(written.contains(#""url":"http://proxy.test:8080/api/location/3""#))
        #expect(written.contains(#""episode":["http://proxy.test:8080/api/episode/1"]"#))
        // Without a root, a model writes under the real service's, as the API's own JSON does.
        #expect(try FoundationJSON.text(rick, root: nil).contains(#""url":"https://rickandmortyapi.com/api/character/1""#))
    }

    /// No URL is rewritten after decoding: what a model holds is the same value whatever root the
    /// answer was served under, holds no absolute URL, and is written under whichever root the
    /// encoder is given.
    @Test func aDecodedModelHoldsNoRootAndIsWrittenUnderAnother() throws {
        let served = try character(body(root: Self.upstream), under: APIRoot(Self.upstream))
        let viaProxy = try character(body(root: Self.proxy.description))
        #expect(served == viaProxy, "the same model, whichever root served it")
        #expect(Self.strings(in: served).allSatisfy { !$0.contains("://") }, "\(Self.strings(in: served))")
        let other = try #require(APIRoot("https://other.test/v2"))
        let written = try FoundationJSON.text(served, root: other)
        #expect(written.contains(#""image":"https://other.test/v2/character/avatar/1.jpeg""#))
        #expect(!written.contains(Self.upstream) && !written.contains(Self.proxy.description))
        let decoder = JSONDecoder()
        decoder.userInfo[.apiRoot] = other
        #expect(try decoder.decode(RMCharacter.self, from: Data(written.utf8)) == served, "read back, the same value")
    }

    /// Every string a value holds, however deep.
    static func strings(in value: Any) -> [String] {
        if let text = value as? String { return [text] }
        if let path = value as? APIPath { return [path.description] }
        if let url = value as? URL { return [url.absoluteString] }
        return Mirror(reflecting: value).children.flatMap { strings(in: $0.value) }
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
