import FoundationEssentials
import LoupeHTTP

/// Turns response bodies into values or into errors that say what was wrong.
package enum JSONBody {
    /// `body` as a `T`, its models' URLs read relative to `root` (`WireModel`).
    static func decode<T: Decodable>(_ type: T.Type, from body: [UInt8], url: URL, root: APIRoot?) throws -> T {
        // Foundation's decoder stops at a NUL byte and ignores what follows (found by fuzzing):
        // a document must end where the body does.
        guard isComplete(body) else {
            throw APIError.malformedResponse(
                url: url.absoluteString, field: "(body)", reason: "the JSON document does not end where the body does")
        }
        do {
            let decoder = JSONDecoder()
            decoder.userInfo[.responseURL] = url.absoluteString
            decoder.userInfo[.apiRoot] = root
            return try decoder.decode(T.self, from: Data(body))
        } catch let error as DecodingError {
            let (path, reason) = describe(error)
            throw APIError.malformedResponse(url: url.absoluteString, field: path.isEmpty ? "(body)" : path, reason: reason)
        }
    }

    /// Whether `body` holds one whole JSON object or array, nothing after it but white space.
    package static func isComplete(_ body: [UInt8]) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        var closedAt: Int?
        for (index, byte) in body.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if closedAt != nil { return false }
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth < 0 { return false }
                if depth == 0 { closedAt = index }
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                continue
            default:
                if depth == 0 { return false }
            }
        }
        return closedAt != nil && depth == 0 && !inString
    }

    /// The error for a status the caller does not handle itself.
    static func statusError(_ response: TransportResponse, url: URL) -> APIError {
        let address = url.absoluteString
        switch response.status {
        case 400:
            return .badRequest(url: address, message: errorMessage(response.body) ?? "bad request")
        case 404:
            return .notTheAPI(url: address, detail: summary(response.body))
        case 429:
            return .throttled(url: address, retryAfterSeconds: response.retryAfter.map { Double($0.components.seconds) })
        case 500...599:
            return .server(status: response.status, url: address, detail: summary(response.body))
        default:
            return .unexpectedStatus(status: response.status, url: address)
        }
    }

    /// The `error` text of the API's error body, if the body is one.
    static func errorMessage(_ body: [UInt8]) -> String? {
        (try? JSONDecoder().decode(ErrorBodyDTO.self, from: Data(body)))?.error
    }

    /// A short, single-line account of an error body: the API's message, or what kind of page it was.
    static func summary(_ body: [UInt8]) -> String {
        if let message = errorMessage(body) { return message }
        let text = String(decoding: body.prefix(512), as: UTF8.self)
        let lowercased = text.lowercased()
        if lowercased.contains("<html") || lowercased.contains("<!doctype") {
            return "an HTML error page instead of JSON"
        }
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return String(line.prefix(120))
    }

    private static func describe(_ error: DecodingError) -> (path: String, reason: String) {
        switch error {
        case .typeMismatch(let type, let context):
            return (path(context.codingPath), "expected \(type): \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            return (path(context.codingPath), "missing \(type) value")
        case .keyNotFound(let key, let context):
            return (path(context.codingPath + [key]), "missing field")
        case .dataCorrupted(let context):
            return (path(context.codingPath), context.debugDescription)
        @unknown default:
            return ("", "\(error)")
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }
}
