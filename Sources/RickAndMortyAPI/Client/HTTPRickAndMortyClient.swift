import Foundation

/// The API over HTTP: `https://rickandmortyapi.com/api` or any server with its semantics.
public struct HTTPRickAndMortyClient: RickAndMortyClient {
    /// The real service.
    // swift-format-ignore: NeverForceUnwrap
    public static let defaultBaseURL = URL(string: "https://rickandmortyapi.com/api")!

    /// The API root, e.g. `http://127.0.0.1:8917/api`.
    public let baseURL: URL
    public let transport: HTTPTransport

    public init(baseURL: URL = Self.defaultBaseURL, transport: HTTPTransport = HTTPTransport()) {
        self.baseURL = baseURL
        self.transport = transport
    }

    public func page<Resource: APIResource>(_ query: ResourceQuery<Resource>) async throws -> Page<Resource.Model> {
        var components = URLComponents(url: baseURL.appendingPathComponent(Resource.path), resolvingAgainstBaseURL: false)
        components?.queryItems = query.queryItems
        guard let url = components?.url else {
            throw APIError.badRequest(url: baseURL.absoluteString, message: "cannot build a URL for \(query.filters)")
        }
        let response = try await transport.get(url)
        switch response.status {
        case 200:
            let dto = try JSONBody.decode(PageDTO<Resource>.self, from: response.body, url: url)
            let items = try dto.results.map { try $0.model(at: url.absoluteString) }
            return Page(number: query.page, count: dto.info.count, pages: dto.info.pages, items: items)
        case 404:
            // The API's answer to a filter with no match and to a page past the last.
            return .empty(number: query.page)
        default:
            throw JSONBody.statusError(response, url: url)
        }
    }

    public func item<Resource: APIResource>(_ type: Resource.Type, id: Int) async throws -> Resource.Model {
        let url = baseURL.appendingPathComponent(Resource.path).appendingPathComponent(String(id))
        let response = try await transport.get(url)
        switch response.status {
        case 200:
            return try JSONBody.decode(Resource.self, from: response.body, url: url).model(at: url.absoluteString)
        case 404:
            throw APIError.notFound(resource: Resource.path, id: id)
        default:
            throw JSONBody.statusError(response, url: url)
        }
    }

    public func items<Resource: APIResource>(_ type: Resource.Type, ids: [Int]) async throws -> [Resource.Model] {
        let unique = Array(NSOrderedSet(array: ids)).compactMap { $0 as? Int }
        guard !unique.isEmpty else { return [] }
        // The API answers a single id with an object, so the bracketed list form keeps it an array.
        let list = "[" + unique.map(String.init).joined(separator: ",") + "]"
        let url = baseURL.appendingPathComponent(Resource.path).appendingPathComponent(list)
        let response = try await transport.get(url)
        switch response.status {
        case 200:
            return try JSONBody.decode([Resource].self, from: response.body, url: url)
                .map { try $0.model(at: url.absoluteString) }
        case 404:
            return []
        default:
            throw JSONBody.statusError(response, url: url)
        }
    }
}
