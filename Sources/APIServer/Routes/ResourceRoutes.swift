import Foundation
import HTTPTypes
import RickAndMortyAPI

/// The API's semantics for one resource over an in-memory list: filtered pages and id lookups.
struct ResourceRoutes<Resource: APIResource>: Sendable {
    let listing: ResourceListing<Resource>

    init(items: [Resource]) {
        listing = ResourceListing(items: items)
    }

    /// `GET /api/<path>?filters&page=N`.
    func list(_ query: ResourceQuery<Resource>, base: String) throws -> Payload {
        guard let slice = listing.page(query) else {
            return .error(.notFound, ErrorBodyDTO.nothingHere)
        }
        let info = PageDTO<Resource>.Info(
            count: slice.count,
            pages: slice.pages,
            next: query.page < slice.pages ? link(query.at(page: query.page + 1), base: base) : nil,
            prev: query.page > 1 ? link(query.at(page: query.page - 1), base: base) : nil
        )
        return try .json(PageDTO(info: info, results: slice.results), base: base)
    }

    /// `GET /api/<path>/<ids>`: one id answers an object; `1,2,3` or `[1,2,3]` an array of those
    /// found. As the real API's `checkArray`: a bracketed list must parse as JSON numbers, a
    /// comma list holds numbers only, any other bracket is malformed, all answered 500 with its
    /// message; so is an id that is not a number.
    func lookup(_ parameter: String, base: String) throws -> Payload {
        let brackets = parameter.contains("[") || parameter.contains("]")
        if let open = parameter.firstIndex(of: "["), parameter.hasSuffix("]"),
            parameter.distance(from: open, to: parameter.endIndex) > 2
        {
            guard let ids = try? JSONDecoder().decode([Int].self, from: Data(parameter.utf8)) else {
                return .error(.internalServerError, ErrorBodyDTO.badArray)
            }
            return try .json(listing.items(ids: ids), base: base)
        }
        if parameter.contains(","), !brackets, parameter.count > 1 {
            let ids = parameter.split(separator: ",", omittingEmptySubsequences: false).map {
                Int($0.trimmingCharacters(in: .whitespaces))
            }
            guard ids.allSatisfy({ $0 != nil }) else { return .error(.internalServerError, ErrorBodyDTO.badArray) }
            return try .json(listing.items(ids: ids.compactMap { $0 }), base: base)
        }
        if brackets { return .error(.internalServerError, ErrorBodyDTO.badArray) }
        guard let id = Int(parameter) else { return .error(.internalServerError, ErrorBodyDTO.badParameter) }
        guard let item = listing.item(id: id) else { return .error(.notFound, Resource.notFoundMessage) }
        return try .json(item, base: base)
    }
    private func link(_ query: ResourceQuery<Resource>, base: String) -> String {
        let items = query.queryItems.map { item in
            "\(item.name)=\(item.value?.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) ?? "")"
        }
        return "\(base)/\(Resource.path)?" + items.joined(separator: "&")
    }
}
