import Testing

@testable import RickAndMortyAPI

/// URLs in answers go through the API root the client was given.
@Suite struct AnswerAddressesTests {
    static let proxy = "http://proxy.test:8080/api"

    func route(_ json: String, _ resource: String = "character") -> AnswerAddresses {
        AnswerAddresses(routing: Array(json.utf8), resourcePath: resource, apiRoot: Self.proxy)
    }

    func text(_ addresses: AnswerAddresses) -> String { String(decoding: addresses.body, as: UTF8.self) }

    @Test func theUpstreamsOwnRootMovesUnderTheProxy() {
        let upstream = "http://127.0.0.1:8917/api"
        let routed = route(
            #"{"id":1,"image":"\#(upstream)/character/avatar/1.jpeg","episode":["\#(upstream)/episode/1"],"#
                + #""origin":{"name":"Earth","url":"\#(upstream)/location/1"},"url":"\#(upstream)/character/1"}"#)
        #expect(routed.declaredRoot == upstream)
        #expect(!text(routed).contains(upstream))
        #expect(text(routed).contains(#""image":"\#(Self.proxy)/character/avatar/1.jpeg""#))
        #expect(text(routed).contains(#""url":"\#(Self.proxy)/location/1""#))
        #expect(text(routed).contains(#""url":"\#(Self.proxy)/character/1""#))
        #expect(routed.foreignHosts.isEmpty)
    }

    @Test func theRealServicesRootMovesUnderTheProxyInPagesToo() {
        let real = "https://rickandmortyapi.com/api"
        let routed = route(
            #"{"info":{"count":1,"pages":2,"next":"\#(real)/location?page=2","prev":null},"#
                + #""results":[{"id":3,"residents":["\#(real)/character/38"],"url":"\#(real)/location/3"}]}"#, "location")
        #expect(text(routed).contains(#""next":"\#(Self.proxy)/location?page=2""#))
        #expect(text(routed).contains(#""residents":["\#(Self.proxy)/character/38"]"#))
        #expect(!text(routed).contains(real))
    }

    @Test func anotherHostStaysAsWrittenAndIsNamed() {
        let routed = route(
            #"{"id":1,"image":"https://cdn.example.org/avatars/1.jpeg","url":"\#(Self.proxy)/character/1"}"#)
        #expect(text(routed).contains("https://cdn.example.org/avatars/1.jpeg"))
        #expect(routed.declaredRoot == nil)
        #expect(routed.foreignHosts == ["cdn.example.org"])
    }

    @Test func aRootThatMerelySharesAPrefixIsNotMoved() {
        let routed = route(#"{"id":1,"image":"http://127.0.0.1:8917/api2/x.jpeg","url":"http://127.0.0.1:8917/api/character/1"}"#)
        #expect(text(routed).contains("http://127.0.0.1:8917/api2/x.jpeg"))
        #expect(routed.foreignHosts == ["127.0.0.1:8917"])
    }

    @Test func bodiesWithoutURLsAreUntouched() {
        for body in [#"{"error":"There is nothing here"}"#, "[]", "", #"{"a":"unterminated"#, #"{"url":"\"escaped\""}"#] {
            #expect(route(body).body == Array(body.utf8))
        }
    }
}
