import APIServer
import Foundation
import LoupeHTTP
import RickAndMortyAPI
import TestSupport
import Testing

/// `serve` against the real API's own tests (afuh/rick-and-morty-api `test/rest-*.js`) and its
/// routes: error codes and bodies, key order, links, HEAD, and places that are gone.
@Suite struct RealAPIParityTests {
    let transport = HTTPTransport(configuration: TransportConfiguration(retry: .none))

    func get(_ base: URL, _ path: String) async throws -> TransportResponse {
        try await transport.get(try #require(URL(string: base.absoluteString + path)))
    }

    func text(_ response: TransportResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test(arguments: [
        ("/character/asdasd", 500, #"{"error":"Hey! you must provide an id"}"#),
        ("/character/1,2%5D", 500, #"{"error":"Bad... bad array :/"}"#),
        ("/character/%5B1,2", 500, #"{"error":"Bad... bad array :/"}"#),
        ("/character/%5B%5D", 500, #"{"error":"Bad... bad array :/"}"#),
        ("/character/%5B1,asdasd%5D", 500, #"{"error":"Bad... bad array :/"}"#),
        // checkArray reads a comma list with Number: the word is NaN, which Mongoose cannot cast.
        ("/character/1,abc", 500, #"{"error":"Cast to Number failed for value \"NaN\" at path \"id\" for model \"Character\""}"#),
        // parseInt reads 1, so it is taken for an id, and Mongoose's cast of "1abc" fails.
        ("/character/1abc", 500, #"{"error":"Cast to Number failed for value \"1abc\" at path \"id\" for model \"Character\""}"#),
        ("/location/2x", 500, #"{"error":"Cast to Number failed for value \"2x\" at path \"id\" for model \"Location\""}"#),
        ("/character/12345", 404, #"{"error":"Character not found"}"#),
        ("/episode/12345", 404, #"{"error":"Episode not found"}"#),
        ("/character?page=12345", 404, #"{"error":"There is nothing here"}"#),
        // Express's static files pass a missing avatar on to its 404 handler, full stop included.
        ("/character/avatar", 404, #"{"error":"There is nothing here."}"#),
        ("/character/avatar/9999.jpeg", 404, #"{"error":"There is nothing here."}"#),
        ("/nothing/here", 404, #"{"error":"There is nothing here."}"#),
    ])
    func errorsAnswerAsTheRealAPIDoes(path: String, status: Int, body: String) async throws {
        try await TestData.withServer(headers: .origin) { base in
            let response = try await get(base, path)
            #expect(response.status == status, "\(path)")
            #expect(text(response) == body, "\(path)")
        }
    }

    @Test func idListsAnswerArrays() async throws {
        try await TestData.withServer(headers: .origin) { base in
            let ids = [1, 2, 3, 4, 5]
            for path in ["/character/%5B1,2,3,4,5%5D", "/character/1,2,3,4,5"] {
                let list = try #require(
                    try JSONSerialization.jsonObject(with: Data(try await get(base, path).body)) as? [[String: Any]])
                #expect(list.compactMap { $0["id"] as? Int } == ids, "\(path)")
            }
        }
    }

    @Test func linksKeepTheRequestsFiltersInItsOrderLeavingOutEmptyAndUnknownOnes() async throws {
        try await TestData.withServer(headers: .origin) { base in
            let page = text(try await get(base, "/character?status=alive&foo=1&name=rick&type=&page=2"))
            #expect(
                page.contains(#""next":"\#(base.absoluteString)/character?page=3&status=alive&name=rick""#), "\(page.prefix(300))"
            )
            #expect(page.contains(#""prev":"\#(base.absoluteString)/character?page=1&status=alive&name=rick""#))
        }
    }

    @Test func headAnswersWithoutABody() async throws {
        try await TestData.withServer(headers: .origin) { base in
            // curl -I: a HEAD request, its headers printed.
            let curl = Process()
            curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            curl.arguments = ["-s", "-I", base.absoluteString + "/character/1"]
            let output = Pipe()
            curl.standardOutput = output
            try curl.run()
            let headers = String(decoding: try await curl.finish("curl -I").stdout, as: UTF8.self)
            #expect(headers.hasPrefix("HTTP/1.1 200"), "\(headers)")
            #expect(headers.lowercased().contains("etag: w/"))
        }
    }

    @Test func aPlaceThatIsGoneIsNullAndTheClientReadsItAsUnknown() async throws {
        var dataset = TestData.fixturesDataset
        dataset.characters[0].origin = nil
        dataset.characters[0].location = nil
        dataset.locations[0].type = nil
        dataset.locations[0].dimension = nil
        try await TestData.withServer(dataset, headers: .origin) { base in
            let raw = text(try await get(base, "/character/1"))
            #expect(raw.contains(#""location":null"#) && raw.contains(#""origin":null"#))
            #expect(!text(try await get(base, "/location/1")).contains("\"type\""))
            let client = HTTPRickAndMortyClient(root: TestData.root(base), transport: transport)
            let rick = try await client.character(id: 1)
            #expect(rick.origin == PlaceReference(name: "unknown", id: nil) && rick.location.name == "unknown")
            let location = try await client.location(id: 1)
            #expect(location.type == "unknown" && location.dimension == "unknown")
        }
    }

    @Test func pageLinksKeepTheRequestsPathATrailingSlashIncluded() async throws {
        try await TestData.withServer(headers: .origin) { base in
            let slashed = text(try await get(base, "/character/?page=1"))
            #expect(
                slashed.hasPrefix(
                    #"{"info":{"count":826,"pages":42,"next":"\#(base.absoluteString)/character/?page=2","prev":null}"#))
            let plain = text(try await get(base, "/character?page=2"))
            #expect(plain.contains(#""prev":"\#(base.absoluteString)/character?page=1""#))
        }
    }

    /// The real API's own tests (`test/rest-*.js`) and its JavaScript client's check each
    /// object's keys in this order.
    @Test func keysComeInTheAPIsOrder() async throws {
        try await TestData.withServer(headers: .origin) { base in
            let root = base.absoluteString
            #expect(
                text(try await get(base, ""))
                    == #"{"characters":"\#(root)/character","locations":"\#(root)/location","episodes":"\#(root)/episode"}"#)
            let rick = text(try await get(base, "/character/1"))
            #expect(
                rick.hasPrefix(
                    #"{"id":1,"name":"Rick Sanchez","status":"Alive","species":"Human","type":"","gender":"Male","#
                        + #""origin":{"name":"Earth (C-137)","url":"\#(root)/location/1"},"location":{"name":"#))
            #expect(
                Self.keys(rick) == [
                    "id", "name", "status", "species", "type", "gender", "origin", "location", "image", "episode", "url",
                    "created",
                ])
            #expect(
                Self.keys(text(try await get(base, "/location/1"))) == [
                    "id", "name", "type", "dimension", "residents", "url", "created",
                ])
            #expect(
                Self.keys(text(try await get(base, "/episode/1"))) == [
                    "id", "name", "air_date", "episode", "characters", "url", "created",
                ])
            let page = text(try await get(base, "/episode"))
            #expect(Self.keys(page) == ["info", "results"])
            #expect(
                page.hasPrefix(
                    #"{"info":{"count":51,"pages":3,"next":"\#(root)/episode?page=2","prev":null},"results":[{"id":1,"#))
        }
    }

    /// The keys of the outermost object, in the order they are written.
    static func keys(_ json: String) -> [String] {
        var keys: [String] = []
        var depth = 0
        var string: String?
        var escaped = false
        var lastString = ""
        for character in json {
            if var current = string {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    lastString = current
                    string = nil
                    continue
                }
                current.append(character)
                string = current
                continue
            }
            switch character {
            case "\"": string = ""
            case "{", "[": depth += 1
            case "}", "]": depth -= 1
            case ":" where depth == 1: keys.append(lastString)
            default: break
            }
        }
        return keys
    }
}
