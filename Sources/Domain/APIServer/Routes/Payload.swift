import FoundationEssentials
import HTTPTypes
import Hummingbird
import RickAndMortyAPI
import LoupeToolbox

/// A response before faults are applied: status, content type, extra headers and body bytes.
struct Payload: Sendable {
    var status: HTTPResponse.Status
    var contentType: String
    var headers: [(HTTPField.Name, String)] = []
    var body: [UInt8]

    var fields: HTTPFields {
        var fields = HTTPFields()
        fields[.contentType] = contentType
        for (name, value) in headers {
            fields[name] = value
        }
        return fields
    }

    /// The API's JSON error body with `status`.
    static func error(_ status: HTTPResponse.Status, _ message: String) -> Payload {
        let text = #"{"error":"# + jsonString(message) + "}"
        return Payload(status: status, contentType: "application/json; charset=utf-8", body: Array(text.utf8))
    }

    /// A JSON value.
    static func json<T: Encodable>(_ value: T) throws -> Payload {
        // Keys in the order the real API writes them (its clients' tests check it), and the same
        // bytes every time, so validators and caches can rely on them.
        let body = try OrderedJSONEncoder().encode(value)
        return Payload(status: .ok, contentType: "application/json; charset=utf-8", body: body)
    }

    /// A 200 JSON answer with a weak ETag over its bytes, as Express (the real service) sends,
    /// and `cacheControl` when given; or a 304 when the request's `If-None-Match` already names it.
    func taggingJSON(request: Request, cacheControl: String?) -> Payload {
        guard status == .ok, contentType.hasPrefix("application/json") else { return self }
        let tag = Self.entityTag(body)
        let headers = self.headers + [(HTTPField.Name.eTag, tag)] + (cacheControl.map { [(.cacheControl, $0)] } ?? [])
        let asked = request.headers[.ifNoneMatch]?.split(separator: ",").map { $0.trimmingHeaderSpace() } ?? []
        if asked.contains(tag) || asked.contains("*") {
            return Payload(status: .notModified, contentType: contentType, headers: headers, body: [])
        }
        return Payload(status: status, contentType: contentType, headers: headers, body: body)
    }

    /// `W/"<length in hex>-<FNV-1a 64 in hex>"`: stable for the same bytes, different for others.
    static func entityTag(_ bytes: [UInt8]) -> String {
        "W/\"\(String(bytes.count, radix: 16))-\(String(fnv1a(bytes), radix: 16))\""
    }

    /// FNV-1a, 64 bits.
    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325) { hash, byte in (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    }

    private static func jsonString(_ text: String) -> String {
        (try? OrderedJSONEncoder().text(text)) ?? "\"\""
    }
}
