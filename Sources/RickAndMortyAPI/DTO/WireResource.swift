/// A resource exactly as the API's JSON writes it: what the loopback server serves and the
/// clients read before checking each field into its model.
///
/// The wire types stay inside the package; callers see the models (`APIResource`).
package protocol WireResource: Codable, Sendable, Hashable, Filterable where Filter == Model.Filter {
    associatedtype Model: APIResource

    /// The domain model; throws `APIError.malformedResponse` naming the field that is wrong.
    func model(at url: String) throws -> Model
}

extension WireResource {
    /// Which kind this is.
    package static var kind: ResourceKind { Model.kind }
    /// The path segment under the API root, e.g. `character`.
    package static var path: String { Model.kind.rawValue }
}
