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
        func link(_ page: Int) -> String? { query.at(page: page).link(under: root, trailingSlash: trailingSlash)?.absoluteString }
        let info = PageDTO<Resource>.Info(
            count: slice.count,
            pages: slice.pages,
            next: query.page < slice.pages ? link(query.page + 1) : nil, prev: query.page > 1 ? link(query.page - 1) : nil)
        return try .json(PageDTO(info: info, results: slice.results.map { $0.written(under: root) }))
    }

    /// `GET /api/<path>/<ids>`: one id answers an object; `1,2,3` or `[1,2,3]` an array of those
    /// found. As the real API's `checkArray`: a bracketed list must parse as JSON (`JSON.parse`:
    /// `[1,01]` does not) and any other bracket is malformed (500, its message); a comma list is
    /// read entry by entry with `Number` (empty is 0), and a word in it fails Mongoose's cast as
    /// `NaN` (500). An id that `parseInt` cannot read is 500 with its message; one it can but that
    /// is not a number (`1abc`) fails Mongoose's cast (500); one that is a number is looked up by
    /// its value, so `01`, `+1`, `1e0`, ` 1` and `0x1` are character 1, as on the real service.
    func lookup(_ parameter: String, root: APIRoot) throws -> Payload {
        let brackets = parameter.contains("[") || parameter.contains("]")
        if let open = parameter.firstIndex(of: "["), parameter.hasSuffix("]"),
            parameter.distance(from: open, to: parameter.endIndex) > 2
        {
            guard let entries = JSONIDList.entries(parameter) else {
                return .error(.internalServerError, ErrorBodyDTO.badArray)
            }
            var ids: [Int] = []
            for entry in entries {
                switch entry {
                case .id(let id): ids.append(id)
                case .none: continue
                case .failed(let value): return .error(.internalServerError, ErrorBodyDTO.castFailed(value, kind: Resource.kind))
                }
            }
            return try .json(listing.items(ids: ids).map { $0.written(under: root) })
        }
        if parameter.contains(","), !brackets, parameter.count > 1 {
            let numbers = parameter.split(separator: ",", omittingEmptySubsequences: false).map {
                JavaScriptNumber.number(String($0))
            }
            guard numbers.allSatisfy({ $0 != nil }) else {
                return .error(.internalServerError, ErrorBodyDTO.castFailed("NaN", kind: Resource.kind))
            }
            let ids = numbers.compactMap { $0.flatMap { Int(exactly: $0) } }
            return try .json(listing.items(ids: ids).map { $0.written(under: root) })
        }
        if brackets { return .error(.internalServerError, ErrorBodyDTO.badArray) }
        guard JavaScriptNumber.parsesAsInteger(parameter) else {
            return .error(.internalServerError, ErrorBodyDTO.badParameter)
        }
        guard let number = JavaScriptNumber.number(parameter) else {
            return .error(.internalServerError, ErrorBodyDTO.castFailed(parameter, kind: Resource.kind))
        }
        guard let id = Int(exactly: number), let item = listing.item(id: id) else {
            return .error(.notFound, ErrorBodyDTO.notFound(Resource.kind))
        }
        return try .json(item.written(under: root))
    }
}
