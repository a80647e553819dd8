import FoundationEssentials
import Toolbox

/// A filtered listing request (`/character?name=rick&status=alive&page=2`) and its semantics.
///
/// `matches(_:)` is the API's filter rule, written once: the loopback server filters with it and
/// offline search will too, so both answer exactly as the real service does.
public struct ResourceQuery<Resource: APIResource>: Sendable, Hashable {
    /// Filter values by key, trimmed of white space as the real API trims them; only keys in
    /// `Resource.filterKeys` with a value left are kept (`name=%20rick%20` is `name=rick`, and
    /// `name=%20` no filter at all).
    public private(set) var filters: [String: String]
    /// The page wanted, from 1.
    public var page: Int
    /// The filters' order in the request this query was read from, which the real API keeps in
    /// its `next` and `prev` links; `nil`: the API's own order.
    private var order: [String]?

    public init(filters: [String: String] = [:], page: Int = 1) {
        self.filters = filters.filter { Resource.filterKeys.contains($0.key) }.mapValues { $0.trimmingWhitespace() }
            .filter { !$0.value.isEmpty }
        self.page = max(1, page)
    }

    /// Parses a request's query string as the real API does: unknown keys are ignored, and a page
    /// that is missing, not a number or below 1 means page 1.
    public init(queryItems: [URLQueryItem]) {
        var filters: [String: String] = [:]
        var page = 1
        for item in queryItems {
            guard let value = item.value else { continue }
            if item.name == "page" {
                page = Int(value).flatMap { $0 > 0 ? $0 : nil } ?? 1
            } else if Resource.filterKeys.contains(item.name) {
                filters[item.name] = value
            }
        }
        self.init(filters: filters, page: page)
        var seen = Set<String>()
        order = queryItems.map(\.name).filter { Resource.filterKeys.contains($0) && seen.insert($0).inserted }
    }

    /// The filters in the request's order (else the API's), empty ones left out: what a `next`
    /// link carries besides `page`.
    public var filterItems: [URLQueryItem] {
        (order ?? Resource.filterKeys).compactMap { key in filters[key].map { URLQueryItem(name: key, value: $0) } }
    }

    /// The whole query string's items, page first as the real API writes its links.
    public var queryItems: [URLQueryItem] {
        [URLQueryItem(name: "page", value: String(page))] + filterItems
    }

    /// Whether `resource` passes every filter.
    public func matches(_ resource: Resource) -> Bool {
        filters.allSatisfy { key, value in
            FilterPattern(value).matches(resource.value(forFilter: key))
        }
    }

    /// The same filters at another page.
    public func at(page: Int) -> ResourceQuery {
        var copy = self
        copy.page = max(1, page)
        return copy
    }
}

/// `/character?name=…&status=…&species=…&type=…&gender=…`
public typealias CharacterQuery = ResourceQuery<CharacterDTO>
/// `/episode?name=…&episode=…`
public typealias EpisodeQuery = ResourceQuery<EpisodeDTO>
/// `/location?name=…&type=…&dimension=…`
public typealias LocationQuery = ResourceQuery<LocationDTO>

extension ResourceQuery where Resource == CharacterDTO {
    /// A character query; `nil` leaves a filter out.
    public init(
        name: String? = nil, status: String? = nil, species: String? = nil, type: String? = nil,
        gender: String? = nil, page: Int = 1
    ) {
        let pairs: [(String, String?)] = [
            ("name", name), ("status", status), ("species", species), ("type", type), ("gender", gender),
        ]
        self.init(
            filters: Dictionary(uniqueKeysWithValues: pairs.compactMap { key, value in value.map { (key, $0) } }), page: page)
    }
}
