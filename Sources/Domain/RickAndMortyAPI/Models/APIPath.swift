/// An address an answer names, relative to the API root (`character/avatar/1.jpeg`), or whole when
/// it names another host; made a URL only at the edge, by `APIRoot.url(for:)`.
public struct APIPath: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path under the root, or the whole URL.
    public let description: String

    public init(_ text: String) {
        description = text
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// A resource's own path, `character/1`.
    public init(_ kind: ResourceKind, id: Int) {
        self.init([kind.rawValue, String(id)].joined(separator: "/"))
    }
}

extension APIResource {
    /// The resource's own path under the API root, `character/1`: its `url` in the API's JSON.
    public var path: APIPath { APIPath(Self.kind, id: id) }
}
