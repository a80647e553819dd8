import APIServer
import Foundation
import LoupeHTTP
import TestSupport
import Testing

/// A filter value of 60 KB is answered as a short one is, with the same results: the server's
/// filter costs what the fields cost, not what the value does (its time is measured apart, in
/// release, and printed in the issue's report, never bounded here).
@Suite struct LongQueryTests {
    let transport = HTTPTransport(configuration: TransportConfiguration(retry: .none))

    func get(_ base: URL, _ query: String) async throws -> TransportResponse {
        try await transport.get(try #require(URL(string: base.absoluteString + "/character?" + query)))
    }

    @Test func aNamePaddedTo60KBAnswersAsTheNameDoes() async throws {
        try await TestData.withServer(headers: .origin) { base in
            // `+` is a space in a query; the API trims a value's white space.
            let padding = String(repeating: "+", count: 30_000)
            let long = try await get(base, "name=\(padding)rick\(padding)&page=2")
            let short = try await get(base, "name=rick&page=2")
            #expect(long.status == 200)
            let results = try #require(try JSONSerialization.jsonObject(with: Data(long.body)) as? [String: Any])
            let expected = try #require(try JSONSerialization.jsonObject(with: Data(short.body)) as? [String: Any])
            let ids = (results["results"] as? [[String: Any]])?.compactMap { $0["id"] as? Int }
            #expect(ids == (expected["results"] as? [[String: Any]])?.compactMap { $0["id"] as? Int })
            let count = (results["info"] as? [String: Any])?["count"] as? Int
            #expect(count == (expected["info"] as? [String: Any])?["count"] as? Int)
            #expect(ids?.isEmpty == false)
        }
    }

    @Test func a60KBNameNoCharacterHasIsNothingHere() async throws {
        try await TestData.withServer(headers: .origin) { base in
            for value in ["rick" + String(repeating: "x", count: 60_000), "male" + String(repeating: "e", count: 60_000)] {
                let response = try await get(base, "name=\(value)&gender=\(value.prefix(10))")
                #expect(response.status == 404)
                #expect(String(decoding: response.body, as: UTF8.self) == #"{"error":"There is nothing here"}"#)
            }
        }
    }
}
