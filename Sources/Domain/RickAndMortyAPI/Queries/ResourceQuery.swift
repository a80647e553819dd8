import FoundationEssentials
import LoupeToolbox

/// A filtered listing request (`/character?name=rick&status=alive&page=2`); `matches(_:)` is the
/// API's filter rule, which the loopback server and offline search share.
public struct ResourceQuery<Resource: APIResource>: Sendable, Hashable {
    /// Filter values by field, trimmed of white space as the real API trims them; empty ones left out.
    public private(set) var filters: [Resource.Filter: String]
    /// The page wanted, from 1.
    public var page: Int
    /// The filters' order in the request this query was read from, which the real API keeps in
    /// its `next` and `prev` links; `nil`: the API's own order.
    private var order: [Resource.Filter]?

    public init(filters: [Resource.Filter: String] = [:], page: Int = 1) {
        self.filters = filters.mapValues { $0.trimmingWhitespace() }.filter { !$0.value.isEmpty }
        self.page = max(1, page)
    }

    /// Parses a query string as the real API does: unknown keys ignored, a bad page is page 1.
    public init(queryItems: [URLQueryItem]) {
        var filters: [Resource.Filter: String] = [:]
        var order: [Resource.Filter] = []
        var page = 1
        for item in queryItems {
            guard let value = item.value else { continue }
            if item.name == "page" {
                page = Int(value).flatMap { $0 > 0 ? $0 : nil } ?? 1
            } else if let filter = Resource.Filter(rawValue: item.name) {
                if filters.updateValue(value, forKey: filter) == nil { order.append(filter) }
            }
        }
        self.init(filters: filters, page: page)
        self.order = order
    }

    /// The filters in the request's order (else the API's): what a `next` link carries.
    public var filterItems: [URLQueryItem] {
        (order ?? Resource.Filter.allCases).compactMap { filter in
            filters[filter].map { URLQueryItem(name: filter.rawValue, value: $0) }
        }
    }

    /// The whole query string's items, page first as the real API writes its links.
    public var queryItems: [URLQueryItem] {
        [URLQueryItem(name: "page", value: String(page))] + filterItems
    }

    /// Whether `item` (a model, or its wire form) passes every filter.
    public func matches(_ item: some Filterable<Resource.Filter>) -> Bool {
        filters.allSatisfy { filter, value in FilterPattern(value).matches(item.value(for: filter)) }
    }

    /// The same filters at another page.
    public func at(page: Int) -> ResourceQuery {
        var copy = self
        copy.page = max(1, page)
        return copy
    }
}

/// `/character?name=…&status=…&species=…&type=…&gender=…`
public typealias CharacterQuery = ResourceQuery<RMCharacter>
/// `/episode?name=…&episode=…`
public typealias EpisodeQuery = ResourceQuery<Episode>
/// `/location?name=…&type=…&dimension=…`
public typealias LocationQuery = ResourceQuery<Location>

extension ResourceQuery where Resource == RMCharacter {
    /// A character query; `nil` leaves a filter out. A status or gender selects exactly itself,
    /// written in lower case as the API's documentation writes it (`status=alive`).
    public init(
        name: String? = nil, status: CharacterStatus? = nil, species: String? = nil, type: String? = nil,
        gender: CharacterGender? = nil, page: Int = 1
    ) {
        let pairs: [(CharacterFilter, String?)] = [
            (.name, name), (.status, status?.rawValue.lowercased()), (.species, species), (.type, type),
            (.gender, gender?.rawValue.lowercased()),
        ]
        self.init(
            filters: Dictionary(uniqueKeysWithValues: pairs.compactMap { key, value in value.map { (key, $0) } }), page: page)
    }
}

extension ResourceQuery {
    /// The query as a page's `next` and `prev` links write it, `ROOT/character/?page=2&name=rick`,
    /// all but unreserved characters percent-encoded so `&`, `=` and `+` survive the round trip.
    public func link(under root: APIRoot, trailingSlash: Bool = true) -> URL? {
        var parts = URLComponents()
        parts.path = Resource.kind.rawValue
        if trailingSlash { parts.path.append("/") }
        parts.percentEncodedQueryItems = queryItems.map { URLQueryItem(name: $0.name, value: Self.encoded($0.value ?? "")) }
        return parts.string.flatMap { root.url(for: APIPath($0)) }
    }

    private static func encoded(_ value: String) -> String {
        var text = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                text.append(Character(Unicode.Scalar(byte)))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                text += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return text
    }
}
