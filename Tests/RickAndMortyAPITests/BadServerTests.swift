import APIServer
import Foundation
import LoupeHTTP
import Hummingbird
import NIOCore
import Synchronization
import TestSupport
import Testing

@testable import RickAndMortyAPI

/// The client against real HTTP servers that misbehave in one specific way each.
@Suite struct BadServerTests {
    /// Runs `body` against a Hummingbird server whose only route answers `/api/character/1`.
    func withServer(
        answering handler: @escaping @Sendable (Int) async throws -> Response, _ body: (URL) async throws -> Void
    ) async throws {
        let hits = Mutex(0)
        let router = Router()
        router.get("/api/character/:id") { _, _ in
            let count = hits.withLock { hit in
                hit += 1
                return hit
            }
            return try await handler(count)
        }
        try await TestData.withServer(router: router, body)
    }

    static func json(_ text: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    static var rickJSON: String {
        get throws {
            let data = try Data(contentsOf: TestData.fixtures.appendingPathComponent("characters.json"))
            let all = try JSONDecoder().decode([CharacterDTO].self, from: data)
            return String(decoding: try JSONEncoder().encode(all[0]), as: UTF8.self)
        }
    }

    @Test func aBare404IsNotTheAPISayingNotFound() async throws {
        // A proxy or a wrong --api answers 404 with no body (or an HTML page): that is not the
        // API's "Character not found", and must not read as a missing character or no matches.
        try await withServer(answering: { _ in Response(status: .notFound) }) { base async throws in
            await #expect(throws: APIError.notTheAPI(url: base.absoluteString + "/character/1", detail: "")) {
                _ = try await TestData.client(base).character(id: 1)
            }
        }
        // The API's own "no such route" (a root without /api): not the API about a character either.
        try await withServer(answering: { _ in Self.json(#"{"error":"There is nothing here."}"#, status: .notFound) }) {
            base async throws in
            await #expect(
                throws: APIError.notTheAPI(url: base.absoluteString + "/character/1", detail: "There is nothing here.")
            ) {
                _ = try await TestData.client(base).character(id: 1)
            }
        }
        try await withServer(answering: { _ in Self.json(#"{"error":"Character not found"}"#, status: .notFound) }) {
            base async throws in
            await #expect(throws: APIError.notFound(resource: .character, id: 1)) {
                _ = try await TestData.client(base).character(id: 1)
            }
        }
    }

    @Test func malformedJSONNamesTheField() async throws {
        let broken = try Self.rickJSON.replacingOccurrences(of: #""status":"Alive""#, with: #""status":17"#)
        try await withServer(answering: { _ in Self.json(broken) }) { base async throws in
            let error = await #expect(throws: APIError.self) { try await TestData.client(base).character(id: 1) }
            guard case .malformedResponse(_, let field, _)? = error else {
                Issue.record("expected malformedResponse, got \(String(describing: error))")
                return
            }
            #expect(field == "status")
        }
    }

    @Test func aWrongValueNamesTheFieldAndTheCharacter() async throws {
        let broken = try Self.rickJSON.replacingOccurrences(of: #""gender":"Male""#, with: #""gender":"Robot""#)
        try await withServer(answering: { _ in Self.json(broken) }) { base async throws in
            await #expect(
                throws: APIError.malformedResponse(
                    url: "\(base.absoluteString)/character/1", field: "character 1.gender", reason: "unexpected value \"Robot\"")
            ) {
                try await TestData.client(base).character(id: 1)
            }
        }
    }

    @Test func notJSONAtAllIsMalformed() async throws {
        try await withServer(answering: { _ in Self.json("{\"id\": 1, \"name\": tru}") }) { base async throws in
            let error = await #expect(throws: APIError.self) { try await TestData.client(base).character(id: 1) }
            guard case .malformedResponse? = error else {
                Issue.record("expected malformedResponse, got \(String(describing: error))")
                return
            }
        }
    }

    @Test func anHTMLErrorPageIsRetriedThenReported() async throws {
        let page = "<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>"
        let attempts = Mutex(0)
        try await withServer(answering: { hit in
            attempts.withLock { $0 = hit }
            return Response(
                status: .badGateway, headers: [.contentType: "text/html"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: page)))
        }) { base async throws in
            await #expect(
                throws: APIError.server(
                    status: 502, url: "\(base.absoluteString)/character/1", detail: "an HTML error page instead of JSON")
            ) {
                try await TestData.client(base, attempts: 3).character(id: 1)
            }
        }
        #expect(attempts.withLock { $0 } == 3)
    }

    @Test func throttledThenSuccessHonorsRetryAfter() async throws {
        let body = try Self.rickJSON
        try await withServer(answering: { hit in
            hit == 1
                ? Self.json(#"{"error":"slow down"}"#, status: .tooManyRequests, headers: [.retryAfter: "0"]) : Self.json(body)
        }) { base async throws in
            let rick = try await TestData.client(base).character(id: 1)
            #expect(rick.name == "Rick Sanchez")
        }
    }

    @Test func throttledForTooLongIsReportedWithTheWait() async throws {
        try await withServer(answering: { _ in
            Self.json(#"{"error":"slow down"}"#, status: .tooManyRequests, headers: [.retryAfter: "3600"])
        }) { base async throws in
            await #expect(throws: APIError.throttled(url: "\(base.absoluteString)/character/1", retryAfterSeconds: 3600)) {
                try await TestData.client(base).character(id: 1)
            }
        }
    }

    @Test func aTruncatedBodyIsRetriedThenSucceeds() async throws {
        let body = try Self.rickJSON
        try await withServer(answering: { hit in
            guard hit == 1 else { return Self.json(body) }
            let half = ByteBuffer(string: String(body.prefix(body.count / 2)))
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(contentLength: body.utf8.count) { writer in
                    try await writer.write(half)
                    throw CancellationError()
                })
        }) { base async throws in
            #expect(try await TestData.client(base).character(id: 1).id == 1)
        }
    }

    @Test func aConnectionAlwaysDroppedMidBodyEndsAsConnectionDropped() async throws {
        try await TestData.withServer(faults: FaultPlan(dropRate: 1)) { base async throws in
            let error = await #expect(throws: APIError.self) {
                try await TestData.client(base, attempts: 2).character(id: 1)
            }
            guard case .transport(.connectionDropped)? = error else {
                Issue.record("expected connectionDropped, got \(String(describing: error))")
                return
            }
        }
    }

    @Test func aBodyAlwaysCutShortWithAMatchingLengthEndsAsIncomplete() async throws {
        try await TestData.withServer(faults: FaultPlan(truncateRate: 1)) { base async throws in
            let whole = Array(
                try await TestData.client(base, attempts: 1).transport.getOnce(base.appending(path: "character/1")).body)
            // HTTP saw a whole response: only the JSON's missing end shows the loss.
            let error = await #expect(
                throws: APIError.transport(
                    .incompleteBody(url: "\(base.absoluteString)/character/1", receivedBytes: whole.count))
            ) {
                try await TestData.client(base, attempts: 2).character(id: 1)
            }
            #expect(error?.isTransient == true)
        }
    }

    @Test func connectionRefusedSaysCannotReachTheHost() async throws {
        // Bind a port, then close it, so nothing listens there.
        let port = try await TestData.withServer { $0.port ?? 0 }
        let client = TestData.client(try #require(URL(string: "http://127.0.0.1:\(port)/api")))
        await #expect(throws: APIError.transport(.unreachable(host: "127.0.0.1:\(port)", cause: .system(.connectionRefused)))) {
            try await client.character(id: 1)
        }
    }

    @Test func aSlowServerTimesOut() async throws {
        try await withServer(answering: { _ in
            try await Task.sleep(for: .seconds(5))
            return Self.json("{}")
        }) { base async throws in
            await #expect(throws: APIError.transport(.timedOut(url: "\(base.absoluteString)/character/1", seconds: 1))) {
                try await TestData.client(base, attempts: 1, timeout: .seconds(1)).character(id: 1)
            }
        }
    }
}
