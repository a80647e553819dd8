import Foundation
import HTTPTypes
import RickAndMortyAPI

/// A response before faults are applied: status, content type, extra headers and body bytes.
struct Payload: Sendable {
    var status: HTTPResponse.Status
    var contentType: String
    var headers: [(HTTPField.Name, String)] = []
    var body: [UInt8]

    /// The API's JSON error body with `status`.
    static func error(_ status: HTTPResponse.Status, _ message: String) -> Payload {
        let text = #"{"error":"# + jsonString(message) + "}"
        return Payload(status: status, contentType: "application/json; charset=utf-8", body: Array(text.utf8))
    }

    /// A JSON value, with the dataset's canonical URLs pointing at `base` instead.
    static func json<T: Encodable>(_ value: T, base: String) throws -> Payload {
        let encoder = JSONEncoder()
        // Sorted keys make every answer byte-stable, so validators and caches can rely on it.
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        let rewritten = URLRewriter.replacing(Array(data), prefix: Array(Dataset.canonicalBase.utf8), with: Array(base.utf8))
        return Payload(status: .ok, contentType: "application/json; charset=utf-8", body: rewritten)
    }

    private static func jsonString(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let data = (try? encoder.encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
