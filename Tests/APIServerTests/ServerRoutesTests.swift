import APIServer
import Foundation
import HTTPTypes
import LoupeHTTP
import RickAndMortyAPI
import TestSupport
import Testing

/// The loopback server's wire behavior, read with plain HTTP.
@Suite struct ServerRoutesTests {
    let transport = HTTPTransport(configuration: TransportConfiguration(retry: .none))

    func get(_ base: URL, _ path: String, headers: HTTPFields = [:]) async throws -> TransportResponse {
        try await transport.get(try #require(URL(string: base.absoluteString + path)), headers: headers)
    }

    func json(_ response: TransportResponse) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(response.body))
    }

    @Test func indexAndEveryURLPointAtTheServerItself() async throws {
        try await TestData.withServer { base async throws in
            let index = try #require(try json(try await get(base, "")) as? [String: String])
            #expect(index["characters"] == "\(base.absoluteString)/character")
            let page = try await get(base, "/character?page=2&name=rick")
            let text = String(decoding: page.body, as: UTF8.self)
            #expect(!text.contains("rickandmortyapi.com"))
            #expect(text.contains("\(base.absoluteString)/character/avatar/"))
        }
    }

    @Test func infoLinksCarryTheFilters() async throws {
        try await TestData.withServer { base async throws in
            let page = try #require(try json(try await get(base, "/character?name=rick&status=alive&page=2")) as? [String: Any])
            let info = try #require(page["info"] as? [String: Any])
            #expect(info["prev"] as? String == "\(base.absoluteString)/character?page=1&name=rick&status=alive")
            let results = try #require(page["results"] as? [Any])
            #expect(results.count <= 20)
            let last = try #require(try json(try await get(base, "/character?page=42")) as? [String: Any])
            #expect((last["info"] as? [String: Any])?["next"] is NSNull)
        }
    }

    @Test(arguments: [
        ("/character?page=43", 404, #"{"error":"There is nothing here"}"#),
        ("/character?name=zzzz", 404, #"{"error":"There is nothing here"}"#),
        ("/character/99999", 404, #"{"error":"Character not found"}"#),
        ("/episode/99999", 404, #"{"error":"Episode not found"}"#),
        ("/location/99999", 404, #"{"error":"Location not found"}"#),
        ("/character/abc", 500, #"{"error":"Hey! you must provide an id"}"#),
        ("/character/1,x", 500, #"{"error":"Cast to Number failed for value \"NaN\" at path \"id\" for model \"Character\""}"#),
    ])
    func errorsUseTheRealBodiesAndCodes(path: String, status: Int, body: String) async throws {
        try await TestData.withServer { base async throws in
            let response = try await get(base, path)
            #expect(response.status == status)
            #expect(String(decoding: response.body, as: UTF8.self) == body)
        }
    }

    @Test func idListsAnswerArraysAndOneIDAnObject() async throws {
        try await TestData.withServer { base async throws in
            let three = try #require(try json(try await get(base, "/character/3,1,2")) as? [[String: Any]])
            #expect(three.compactMap { $0["id"] as? Int } == [1, 2, 3])
            let bracketed = try #require(try json(try await get(base, "/character/%5B7%5D")) as? [[String: Any]])
            #expect(bracketed.compactMap { $0["id"] as? Int } == [7])
            let one = try #require(try json(try await get(base, "/character/1")) as? [String: Any])
            #expect(one["name"] as? String == "Rick Sanchez")
            let missing = try #require(try json(try await get(base, "/character/99998,99999")) as? [Any])
            #expect(missing.isEmpty)
        }
    }

    @Test func avatarsAreServedAsJPEGWhateverTheirBytesWithValidators() async throws {
        let pngID = try #require(
            TestData.fixturesDataset.characters.map(\.id).first { id in
                let bytes = FileManager.default.contents(atPath: TestData.fixturesDataset.avatarFile(id: id).path) ?? Data()
                return bytes.starts(with: [0x89, 0x50, 0x4E, 0x47])
            })
        try await TestData.withServer { base async throws in
            let response = try await get(base, "/character/avatar/\(pngID).jpeg")
            #expect(response.status == 200)
            #expect(response.header(.contentType) == "image/jpeg")
            let onDisk = try Data(contentsOf: TestData.fixturesDataset.avatarFile(id: pngID))
            #expect(response.body == Array(onDisk))
            let etag = try #require(response.header(.eTag))
            let lastModified = try #require(response.header(.lastModified))
            let again = try await get(base, "/character/avatar/\(pngID).jpeg", headers: [.ifNoneMatch: etag])
            #expect(again.status == 304 && again.body.isEmpty)
            let since = try await get(base, "/character/avatar/\(pngID).jpeg", headers: [.ifModifiedSince: lastModified])
            #expect(since.status == 304)
            let stale = try await get(base, "/character/avatar/\(pngID).jpeg", headers: [.ifNoneMatch: "\"other\""])
            #expect(stale.status == 200 && stale.body.count == onDisk.count)
            #expect(try await get(base, "/character/avatar/99999.jpeg").status == 404)
        }
    }

    @Test func faultsRepeatForTheSameSeed() async throws {
        func statuses(seed: UInt64) async throws -> [Int] {
            try await TestData.withServer(faults: FaultPlan(failRate: 0.3, throttleRate: 0.3, seed: seed)) { base async throws in
                var seen: [Int] = []
                for _ in 0..<30 {
                    seen.append(try await get(base, "/character/1").status)
                }
                return seen
            }
        }
        let first = try await statuses(seed: 42)
        #expect(first == (try await statuses(seed: 42)))
        #expect(first.contains(500) && first.contains(429) && first.contains(200))
        #expect(first != (try await statuses(seed: 43)))
    }

    @Test func throttlingSendsRetryAfterAndFailuresAnHTMLPage() async throws {
        try await TestData.withServer(faults: FaultPlan(throttleRate: 1, retryAfterSeconds: 2)) { base async throws in
            let response = try await get(base, "/character/1")
            #expect(response.status == 429 && response.header(.retryAfter) == "2")
        }
        try await TestData.withServer(faults: FaultPlan(failRate: 1)) { base async throws in
            let response = try await get(base, "/character/1")
            #expect(response.status == 500)
            #expect(String(decoding: response.body, as: UTF8.self).contains("<html>"))
        }
    }

    @Test(.enabled(if: TestData.realData != nil, Comment(rawValue: TestData.realDataMissing)))
    func realDataCountsMatchTheRealService() async throws {
        let folder = try #require(TestData.realData)
        try await TestData.withServer(try Dataset.load(from: folder)) { base async throws in
            let page = try #require(try json(try await get(base, "/character?name=rick")) as? [String: Any])
            let info = try #require(page["info"] as? [String: Any])
            #expect(info["count"] as? Int == 107 && info["pages"] as? Int == 6)
            let beyond = try await get(base, "/character?page=43")
            #expect(beyond.status == 404 && String(decoding: beyond.body, as: UTF8.self) == #"{"error":"There is nothing here"}"#)
            let avatar = try await get(base, "/character/avatar/2.jpeg")
            #expect(avatar.body.starts(with: [0x89, 0x50, 0x4E, 0x47]) && avatar.header(.contentType) == "image/jpeg")
        }
    }
}
