import Foundation
import HTTPTypes
import RickAndMortyAPI

/// The API's semantics for one resource over an in-memory list: filtered pages and id lookups.
struct ResourceRoutes<Resource: APIResource>: Sendable {
    /// Sorted by id, as the API lists them.
    let items: [Resource]
    private let byID: [Int: Resource]

    /// Items per page, as the real API serves them.
    static var pageSize: Int { 20 }

    init(items: [Resource]) {
        self.items = items.sorted { $0.id < $1.id }
        self.byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// `GET /api/<path>?filters&page=N`.
    func list(_ query: ResourceQuery<Resource>, base: String) throws -> Payload {
        let matches = items.filter(query.matches)
        let pages = (matches.count + Self.pageSize - 1) / Self.pageSize
        guard !matches.isEmpty, query.page <= pages else {
            return .error(.notFound, ErrorBodyDTO.nothingHere)
        }
        let start = (query.page - 1) * Self.pageSize
        let results = Array(matches[start..<min(start + Self.pageSize, matches.count)])
        let info = PageDTO<Resource>.Info(
            count: matches.count,
            pages: pages,
            next: query.page < pages ? link(query.at(page: query.page + 1), base: base) : nil,
            prev: query.page > 1 ? link(query.at(page: query.page - 1), base: base) : nil
        )
        return try .json(PageDTO(info: info, results: results), base: base)
    }

    /// `GET /api/<path>/<ids>`: one id answers an object; `1,2,3` or `[1,2,3]` an array of those found.
    func lookup(_ parameter: String, base: String) throws -> Payload {
        let isList = parameter.contains(",") || (parameter.hasPrefix("[") && parameter.hasSuffix("]"))
        guard isList else {
            guard let id = Int(parameter) else { return .error(.badRequest, ErrorBodyDTO.badParameter) }
            guard let item = byID[id] else { return .error(.notFound, Resource.notFoundMessage) }
            return try .json(item, base: base)
        }
        let inner = parameter.trimmingPrefix("[").split(separator: "]", omittingEmptySubsequences: false).first ?? ""
        var ids: [Int] = []
        for part in inner.split(separator: ",") {
            let text = part.trimmingCharacters(in: .whitespaces)
            guard let id = Int(text) else { return .error(.badRequest, ErrorBodyDTO.badArray) }
            ids.append(id)
        }
        let found = Set(ids).compactMap { byID[$0] }.sorted { $0.id < $1.id }
        return try .json(found, base: base)
    }

    private func link(_ query: ResourceQuery<Resource>, base: String) -> String {
        let items = query.queryItems.map { item in
            "\(item.name)=\(item.value?.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) ?? "")"
        }
        return "\(base)/\(Resource.path)?" + items.joined(separator: "&")
    }
}
