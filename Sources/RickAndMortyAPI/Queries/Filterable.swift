/// Something the API's filters apply to: a model, or on the loopback server its wire form.
public protocol Filterable<Filter>: Sendable {
    /// The fields the API filters this kind by, in the order its `next` links write them.
    associatedtype Filter: ResourceFilter

    var id: Int { get }
    /// The text a filter compares against, as the API's JSON writes it.
    func value(for filter: Filter) -> String
}
