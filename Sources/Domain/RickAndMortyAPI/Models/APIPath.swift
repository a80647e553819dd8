/// An address an answer names, kept relative to the API root: `character/avatar/1.jpeg`,
/// `location/3`, `character?page=2`; or, when it names another place (an image host), the whole
/// URL as written. A URL is made of it only where a request is made or output is written, under
/// the root at hand: `APIRoot.url(for:)`.
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
