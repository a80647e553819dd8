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

    /// `GET /api/<path>/<ids>`: one id answers an object; `1,2,3` or `[1,2,3]` an array of those found.
    func lookup(_ parameter: String, base: String) throws -> Payload {
        let isList = parameter.contains(",") || (parameter.hasPrefix("[") && parameter.hasSuffix("]"))
        guard isList else {
            guard let id = Int(parameter) else { return .error(.badRequest, ErrorBodyDTO.badParameter) }
            guard let item = listing.item(id: id) else { return .error(.notFound, Resource.notFoundMessage) }
            return try .json(item, base: base)
        }
        let inner = parameter.trimmingPrefix("[").split(separator: "]", omittingEmptySubsequences: false).first ?? ""
        var ids: [Int] = []
        for part in inner.split(separator: ",") {
            let text = part.trimmingCharacters(in: .whitespaces)
            guard let id = Int(text) else { return .error(.badRequest, ErrorBodyDTO.badArray) }
            ids.append(id)
        }
        return try .json(listing.items(ids: ids), base: base)
    }
    private func link(_ query: ResourceQuery<Resource>, base: String) -> String {
        let items = query.queryItems.map { item in
            "\(item.name)=\(item.value?.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) ?? "")"
        }
        return "\(base)/\(Resource.path)?" + items.joined(separator: "&")
    }
}
