/// A resource exactly as the API's JSON writes it: what the loopback server serves and the
/// clients read before checking each field into its model.
///
/// The wire types stay inside the package; callers see the models (`APIResource`).
package protocol WireResource: Codable, Sendable, Hashable, Filterable where Filter == Model.Filter {
    associatedtype Model: APIResource

    var id: Int { get }
    /// The resource's own URL, `<root>/<kind>/<id>`.
    var url: String { get }

    /// The domain model, its URLs read under `root` (as written when `nil`); throws
    /// `APIError.malformedResponse` naming the field that is wrong. `url`: the answer's, for errors.
    func model(at url: String, under root: APIRoot?) throws -> Model
}

extension WireResource {
    /// Which kind this is.
    package static var kind: ResourceKind { Model.kind }
    /// The path segment under the API root, e.g. `character`.
    package static var path: String { Model.kind.rawValue }

    /// The fields of this resource, read from the answer at `url` under `root`: a URL under the
    /// resource's own root (behind a proxy, the upstream's) or the real service's moves under it.
    func fields(at url: String, under root: APIRoot?) -> WireField {
        WireField(
            url: url, prefix: "\(Self.kind.rawValue) \(id)",
            addresses: root.map { ($0, [APIRoot.of(self.url, kind: Self.kind, id: id), .realService].compactMap { $0 }) })
    }
}
