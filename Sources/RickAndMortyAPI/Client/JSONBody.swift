import Foundation

/// Turns response bodies into values or into errors that say what was wrong.
enum JSONBody {
    static func decode<T: Decodable>(_ type: T.Type, from body: [UInt8], url: URL) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(body))
        } catch let error as DecodingError {
            let (path, reason) = describe(error)
            throw APIError.malformedResponse(url: url.absoluteString, field: path.isEmpty ? "(body)" : path, reason: reason)
        }
    }

    /// The error for a status the caller does not handle itself.
    static func statusError(_ response: TransportResponse, url: URL) -> APIError {
        let address = url.absoluteString
        switch response.status {
        case 400:
            return .badRequest(url: address, message: errorMessage(response.body) ?? "bad request")
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
        if text.range(of: "<html", options: .caseInsensitive) != nil
            || text.range(of: "<!doctype", options: .caseInsensitive) != nil
        {
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
            let underlying = (context.underlyingError as? NSError)?.userInfo["NSDebugDescription"] as? String
            return (path(context.codingPath), underlying ?? context.debugDescription)
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
