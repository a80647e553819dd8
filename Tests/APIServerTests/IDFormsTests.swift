import APIServer
import Foundation
import LoupeHTTP
import TestSupport
import Testing

/// Ids read as the real service reads them (afuh/rick-and-morty-api: `express.static` for the
/// avatars, `checkArray`, `parseInt` and Mongoose's cast for the rest).
@Suite struct IDFormsTests {
    let transport = HTTPTransport(configuration: TransportConfiguration(retry: .none))

    func get(_ base: URL, _ path: String) async throws -> TransportResponse {
        try await transport.get(try #require(URL(string: base.absoluteString + path)))
    }

    /// Express serves avatars as files by name: only an id's own file name is one.
    @Test(arguments: [
        "/character/avatar/01.jpeg", "/character/avatar/+1.jpeg", "/character/avatar/%2B1.jpeg",
        "/character/avatar/-1.jpeg", "/character/avatar/1.JPEG", "/character/avatar/1.jpeg%20", "/character/avatar/%201.jpeg",
        "/character/avatar/1e0.jpeg", "/character/avatar/0x1.jpeg",
    ])
    func avatarNamesOtherThanTheFilesAreNotFound(path: String) async throws {
        try await TestData.withServer(headers: .origin) { base in
            let response = try await get(base, path)
            #expect(response.status == 404, "\(path)")
            #expect(String(decoding: response.body, as: UTF8.self) == #"{"error":"There is nothing here."}"#, "\(path)")
        }
    }

    @Test func anAvatarsOwnNameIsServedPercentEncodedOrNot() async throws {
        try await TestData.withServer(headers: .origin) { base in
            let plain = try await get(base, "/character/avatar/1.jpeg")
            let encoded = try await get(base, "/character/avatar/%31.jpeg")
            #expect(plain.status == 200)
            #expect(encoded.status == 200)
            #expect(encoded.body == plain.body)
        }
    }

    /// `parseInt` takes each for an id and Mongoose casts it with `Number`, so each is character 1.
    @Test(arguments: [
        "/character/1", "/character/01", "/character/+1", "/character/%2B1", "/character/1e0", "/character/%201",
        "/character/1%20", "/character/0x1", "/character/1.0",
    ])
    func numberFormsOfOneAnswerCharacterOne(path: String) async throws {
        try await TestData.withServer(headers: .origin) { base in
            let response = try await get(base, path)
            #expect(response.status == 200, "\(path)")
            let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
            #expect(object?["id"] as? Int == 1, "\(path)")
        }
    }

    @Test(arguments: [
        ("/character/1.5", 404, #"{"error":"Character not found"}"#),
        ("/character/-1", 404, #"{"error":"Character not found"}"#),
        // parseInt reads it (a number past Int's range is a number all the same); nothing has it.
        ("/character/123456789012345678901234567890", 404, #"{"error":"Character not found"}"#),
        // JSON.parse refuses a leading zero, so the list is malformed.
        ("/character/%5B1,01%5D", 500, #"{"error":"Bad... bad array :/"}"#),
        ("/character/%5B1,2,%5D", 500, #"{"error":"Bad... bad array :/"}"#),
        (
            "/character/%5B1,%22abc%22%5D", 500,
            #"{"error":"Cast to Number failed for value \"abc\" at path \"id\" for model \"Character\""}"#
        ),
        ("/character/1e", 500, #"{"error":"Cast to Number failed for value \"1e\" at path \"id\" for model \"Character\""}"#),
        ("/character/.5", 500, #"{"error":"Hey! you must provide an id"}"#),
        ("/character/Infinity", 500, #"{"error":"Hey! you must provide an id"}"#),
    ])
    func otherFormsAnswerAsTheRealAPIDoes(path: String, status: Int, body: String) async throws {
        try await TestData.withServer(headers: .origin) { base in
            let response = try await get(base, path)
            #expect(response.status == status, "\(path)")
            #expect(String(decoding: response.body, as: UTF8.self) == body, "\(path)")
        }
    }

    /// A list nested thousands deep is a 500 (JavaScript's cast fails on it; here it is malformed
    /// past 512 levels), its reading bounded so that no depth can exhaust the server's stack.
    @Test func aDeeplyNestedListIsAnErrorAndTheServerStaysUp() async throws {
        try await TestData.withServer(headers: .origin) { base in
            let depth = 10_000
            let nested = String(repeating: "%5B", count: depth) + "1" + String(repeating: "%5D", count: depth)
            let nestedAnswer = try await get(base, "/character/" + nested)
            #expect(nestedAnswer.status == 500)
            let after = try await get(base, "/character/1")
            #expect(after.status == 200)
        }
    }

    /// Lists: `JSON.parse` then Mongoose's cast for a bracketed one, `Number` for each entry of a
    /// comma list.
    @Test(arguments: [
        ("/character/%5B1,2%5D", [1, 2]), ("/character/%5B1,%222%22%5D", [1, 2]), ("/character/%5B1.5,2%5D", [2]),
        ("/character/%5Btrue,null,3%5D", [1, 3]), ("/character/%5B1e0,%22%22%5D", [1]),
        ("/character/01,+2,0x3,4e0", [1, 2, 3, 4]),
        ("/character/1,,2", [1, 2]), ("/character/1.5,2", [2]),
    ])
    func listFormsAnswerTheIdsTheRealAPIFinds(path: String, ids: [Int]) async throws {
        try await TestData.withServer(headers: .origin) { base in
            let response = try await get(base, path)
            #expect(response.status == 200, "\(path)")
            let list = try JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]]
            #expect(list?.compactMap { $0["id"] as? Int } == ids, "\(path)")
        }
    }
}
