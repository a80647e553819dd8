import FoundationEssentials

/// Converts one wire field to its domain type, or throws an error that names the field.
struct WireField {
    /// The response the field came from.
    let url: String
    /// What the field belongs to, e.g. `character 12`: made only when a field fails, since a
    /// page converts thousands of fields that do not.
    let prefix: () -> String
    /// The roots (as written) a URL is read relative to, the first it is under: the client's, the
    /// resource's own (behind a proxy, the upstream's) and the real service's.
    let roots: [String]

    init(url: String, prefix: @escaping @autoclosure () -> String, roots: [String] = []) {
        self.url = url
        self.prefix = prefix
        self.roots = roots
    }

    func enumeration<E: RawRepresentable<String>>(_ name: @autoclosure () -> String, _ value: String, _ type: E.Type) throws -> E
    {
        guard let parsed = E(rawValue: value) else {
            throw failure(name, "unexpected value \"\(value)\"")
        }
        return parsed
    }

    /// `value`'s path under the first of `roots` it is under, else `value` whole: kept so, it is
    /// made a URL again only where it is used (`APIRoot.url(for:)`), never moved on decode.
    func path(_ name: @autoclosure () -> String, _ value: String) throws -> APIPath {
        guard !value.isEmpty, URL(string: value) != nil else {
            throw failure(name, "not a URL: \"\(value)\"")
        }
        for root in roots {
            if let path = APIRoot.path(of: value, under: root) { return path }
        }
        return APIPath(value)
    }

    /// The trailing numeric id of an API URL such as `…/episode/28`.
    func id(_ name: @autoclosure () -> String, _ value: String) throws -> Int {
        let last = value.utf8.lastIndex(of: UInt8(ascii: "/")).map { value[value.utf8.index(after: $0)...] } ?? value[...]
        guard let id = Int(last), id > 0 else {
            throw failure(name, "not an API URL ending in an id: \"\(value)\"")
        }
        return id
    }

    /// Like `id`, but the API's empty URL (an unknown place) is `nil`.
    func optionalID(_ name: @autoclosure () -> String, _ value: String) throws -> Int? {
        value.isEmpty ? nil : try id(name(), value)
    }

    func date(_ name: @autoclosure () -> String, _ value: String) throws -> Date {
        if let date = ISO8601Timestamp.utc(value) {
            return date
        }
        if let date = try? Date(value, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) {
            return date
        }
        if let date = try? Date(value, strategy: Date.ISO8601FormatStyle()) {
            return date
        }
        throw failure(name, "not an ISO 8601 date: \"\(value)\"")
    }

    private func failure(_ name: () -> String, _ reason: String) -> APIError {
        .malformedResponse(url: url, field: "\(prefix()).\(name())", reason: reason)
    }
}
