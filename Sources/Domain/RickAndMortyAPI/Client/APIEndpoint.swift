import FoundationEssentials

/// The API's requests as paths relative to its root, the form both the network and the
/// response cache use: `character?page=2&name=rick`, `character/1`, `episode/%5B1,2%5D`.
package enum APIEndpoint {
    package static func page<Resource: APIResource>(_ query: ResourceQuery<Resource>) -> String {
        var components = URLComponents()
        components.path = Resource.kind.rawValue
        components.queryItems = query.queryItems
        // `+` is a space to some servers' query parsers; send it encoded.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacing("+", with: "%2B")
        return components.string ?? components.path
    }

    static func item<Resource: APIResource>(_ type: Resource.Type, id: Int) -> String {
        APIPath(Resource.kind, id: id).description
    }

    /// The bracketed list form, which keeps a single id an array in the answer.
    static func items<Resource: APIResource>(_ type: Resource.Type, ids: [Int]) -> String {
        [Resource.kind.rawValue, "%5B" + ids.map(String.init).joined(separator: ",") + "%5D"].joined(separator: "/")
    }

    /// The ids once each, in the order first given.
    static func unique(_ ids: [Int]) -> [Int] {
        var seen = Set<Int>()
        return ids.filter { seen.insert($0).inserted }
    }

    /// Whether a body is the API's own answer about a resource (`{"error": "Character not found"}`):
    /// a 404 with anything else says the URL is not under the API's root.
    static func isAPIError(_ body: [UInt8]) -> Bool {
        guard let message = JSONBody.errorMessage(body) else { return false }
        return message != ErrorBodyDTO.noRoute
    }

    static func url(_ path: String, under root: APIRoot) throws -> URL {
        guard let url = root.url(for: APIPath(path)) else {
            throw APIError.badRequest(url: root.description, message: "cannot build a URL for \(path)")
        }
        return url
    }

    // MARK: Answers, from the network or the cache alike, their URLs read relative to `root`

    package static func page<Resource: APIResource>(
        _ query: ResourceQuery<Resource>, status: Int, body: [UInt8], url: URL, root: APIRoot?
    ) throws -> Page<Resource>? {
        switch status {
        case 200:
            let dto = try JSONBody.decode(PageDTO<WireModel<Resource>>.self, from: body, url: url, root: root)
            return Page(number: query.page, count: dto.info.count, pages: dto.info.pages, items: dto.results.map(\.model))
        case 404 where isAPIError(body):
            // The API's answer to a filter with no match and to a page past the last.
            return .empty(number: query.page)
        default:
            return nil
        }
    }

    package static func item<Resource: APIResource>(
        _ type: Resource.Type, id: Int, status: Int, body: [UInt8], url: URL, root: APIRoot?
    ) throws -> Resource? {
        switch status {
        case 200: try JSONBody.decode(WireModel<Resource>.self, from: body, url: url, root: root).model
        case 404 where isAPIError(body): throw APIError.notFound(resource: Resource.kind, id: id)
        default: nil
        }
    }

    package static func items<Resource: APIResource>(
        _ type: Resource.Type, status: Int, body: [UInt8], url: URL, root: APIRoot?
    ) throws -> [Resource]? {
        switch status {
        case 200: try JSONBody.decode([WireModel<Resource>].self, from: body, url: url, root: root).map(\.model)
        case 404 where isAPIError(body): []
        default: nil
        }
    }
}
