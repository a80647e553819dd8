/// The fields one kind of resource is filtered by (`CharacterFilter`, `EpisodeFilter`,
/// `LocationFilter`), their raw values the API's query keys, in the order its links write them.
public protocol ResourceFilter: RawRepresentable<String>, CaseIterable, Hashable, Sendable where AllCases == [Self] {
    /// Every kind the API lists is filtered by name.
    static var name: Self { get }
}
