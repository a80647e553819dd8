/// A kind of thing the API lists: characters, episodes or locations, in their wire shape.
///
/// Everything that depends only on the kind (its path, its filters, its not-found message and
/// the mapping to a domain model) is declared here once and used by the client, the loopback
/// server and offline search alike.
public protocol APIResource: Codable, Sendable, Hashable {
    associatedtype Model: Sendable & Hashable & Codable

    /// Which kind this is; its raw value is the path segment under the API root.
    static var kind: ResourceKind { get }
    /// The filters the API accepts for this kind, in the order they appear in `next` links.
    static var filterKeys: [String] { get }
    /// The API's error text for an unknown id, e.g. `Character not found`.
    static var notFoundMessage: String { get }

    var id: Int { get }
    /// The field a filter compares against; `""` for a key not in `filterKeys`.
    func value(forFilter key: String) -> String
    /// The domain model; throws `APIError.malformedResponse` naming the field that is wrong.
    func model(at url: String) throws -> Model
}

extension APIResource {
    /// The path segment under the API root, e.g. `character`.
    public static var path: String { kind.rawValue }
}
