import RickAndMortyAPI

/// An item of a batch that could not be done, a listing page or an avatar, and why.
package struct BatchFailure: Sendable {
    /// What failed: a listing page, or a character's avatar (and what is made of it).
    package enum Item: Sendable, Hashable, CustomStringConvertible {
        case page(ResourceKind, Int)
        case avatar(id: Int, name: String)

        /// `character page 42`, `avatar of 1 (Rick Sanchez)`.
        package var description: String {
            switch self {
            case .page(let resource, let number): "\(resource.rawValue) page \(number)"
            case .avatar(let id, let name): "avatar of \(id) (\(name))"
            }
        }
    }

    package var item: Item
    /// Why, its cause kept as a value (`APIError`, `ExportError`, `BatchStop`, …).
    package var error: any Error

    package init(_ item: Item, _ error: any Error) {
        self.item = item
        self.error = error
    }
}
