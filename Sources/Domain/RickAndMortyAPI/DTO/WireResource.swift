/// A resource exactly as the API's JSON writes it: what the loopback server serves and the
/// clients read before checking each field into its model (`APIResource`).
package protocol WireResource: Codable, Sendable, Hashable, Filterable where Filter == Model.Filter {
    associatedtype Model: APIResource

    var id: Int { get }
    /// The resource's own URL, `<root>/<kind>/<id>`.
    var url: String { get }

    /// The model, URLs relative to `root`; throws `APIError.malformedResponse` naming the field.
    func model(at url: String, under root: APIRoot?) throws -> Model

    /// The same resource, each of its URLs through `transform`.
    func mapURLs(_ transform: (String) -> String) -> Self
}

extension WireResource {
    /// The resource as the API writes it under `root`: each path a URL under it (`APIRoot.url(for:)`).
    package func written(under root: APIRoot) -> Self {
        mapURLs { $0.isEmpty ? $0 : root.url(for: APIPath($0))?.absoluteString ?? $0 }
    }
}

extension WireResource {
    /// Which kind this is.
    package static var kind: ResourceKind { Model.kind }

    /// The fields of the answer at `url`: each URL relative to `root`, the resource's own root
    /// (behind a proxy, the upstream's) or the real service's.
    func fields(at url: String, under root: APIRoot?) -> WireField {
        let suffix = "/\(Self.kind.rawValue)/\(id)"
        let own = self.url.hasPrefix("http") && self.url.hasSuffix(suffix) ? String(self.url.dropLast(suffix.count)) : nil
        return WireField(
            url: url, prefix: "\(Self.kind.rawValue) \(id)",
            roots: [root?.description, own, APIRoot.realService.description].compactMap { $0 })
    }
}
