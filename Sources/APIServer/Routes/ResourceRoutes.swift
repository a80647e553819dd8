import FoundationEssentials
import HTTPTypes
import LoupeToolbox
import RickAndMortyAPI

/// The API's semantics for one resource over an in-memory list: filtered pages and id lookups.
struct ResourceRoutes<Resource: WireResource>: Sendable {
    let listing: ResourceListing<Resource>

    init(items: [Resource]) {
        listing = ResourceListing(items: items)
    }

    /// `GET /api/<path>?filters&page=N`; the page links keep the request's path, a trailing slash
    /// included (Express writes `req.path`).
    func list(_ query: ResourceQuery<Resource.Model>, root: APIRoot, trailingSlash: Bool = false) throws -> Payload {
        guard let slice = listing.page(query) else {
            return .error(.notFound, ErrorBodyDTO.nothingHere)
        }
        let info = PageDTO<Resource>.Info(
            count: slice.count,
            pages: slice.pages,
            next: query.page < slice.pages ? query.at(page: query.page + 1).link(under: root, trailingSlash: trailingSlash) : nil,
            prev: query.page > 1 ? query.at(page: query.page - 1).link(under: root, trailingSlash: trailingSlash) : nil
        )
        return try .json(PageDTO(info: info, results: slice.results), root: root)
    }

    /// `GET /api/<path>/<ids>`: one id answers an object; `1,2,3` or `[1,2,3]` an array of those
    /// found. As the real API's `checkArray`: a bracketed list must parse as JSON numbers and any
    /// other bracket is malformed (500, its message); a comma list is read entry by entry with
    /// `Number` (empty is 0), and a word in it fails Mongoose's cast as `NaN` (500). An id that
    /// `parseInt` cannot read is 500 with its message; one it can but that is not a number
    /// (`1abc`) fails Mongoose's cast (500).
    func lookup(_ parameter: String, root: APIRoot) throws -> Payload {
        let brackets = parameter.contains("[") || parameter.contains("]")
        if let open = parameter.firstIndex(of: "["), parameter.hasSuffix("]"),
            parameter.distance(from: open, to: parameter.endIndex) > 2
        {
            guard let ids = try? JSONDecoder().decode([Int].self, from: Data(parameter.utf8)) else {
                return .error(.internalServerError, ErrorBodyDTO.badArray)
            }
            return try .json(listing.items(ids: ids), root: root)
        }
        if parameter.contains(","), !brackets, parameter.count > 1 {
            let numbers = parameter.split(separator: ",", omittingEmptySubsequences: false).map {
                JavaScriptNumber.number(String($0))
            }
            guard numbers.allSatisfy({ $0 != nil }) else {
                return .error(.internalServerError, ErrorBodyDTO.castFailed("NaN", kind: Resource.kind))
            }
            return try .json(listing.items(ids: numbers.compactMap { $0.flatMap { Int(exactly: $0) } }), root: root)
        }
        if brackets { return .error(.internalServerError, ErrorBodyDTO.badArray) }
        guard JavaScriptNumber.parseInt(parameter) != nil else {
            return .error(.internalServerError, ErrorBodyDTO.badParameter)
        }
        guard let number = JavaScriptNumber.number(parameter) else {
            return .error(.internalServerError, ErrorBodyDTO.castFailed(parameter, kind: Resource.kind))
        }
        guard let id = Int(exactly: number), let item = listing.item(id: id) else {
            return .error(.notFound, ErrorBodyDTO.notFound(Resource.kind))
        }
        return try .json(item, root: root)
    }
}

/// How the real API (Node) reads an id: `parseInt` to tell an id from a word, `Number` for each
/// entry of a comma list and, through Mongoose's cast, for the id itself.
enum JavaScriptNumber {
    /// `parseInt(text)`: leading whitespace, a sign and digits; `nil` where JavaScript has `NaN`.
    static func parseInt(_ text: String) -> Int? {
        var rest = Substring(text).drop { $0.isWhitespace }
        var sign = 1
        if let first = rest.first, first == "-" || first == "+" {
            sign = first == "-" ? -1 : 1
            rest = rest.dropFirst()
        }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        return Int(digits).map { $0 * sign }
    }

    /// `Number(text)`: the whole text, trimmed, as a number (empty is 0); `nil` where JavaScript
    /// has `NaN`.
    static func number(_ text: String) -> Double? {
        let trimmed = text.trimmingWhitespace()
        if trimmed.isEmpty { return 0 }
        guard trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }), let value = Double(trimmed) else {
            return nil
        }
        return value
    }
}
