import RickAndMortyAPI

/// Characters found as fzf finds them, from every character held locally: a `name` filter read as
/// a `FuzzyPattern`, best first, the other filters applied as the API does, 20 a page. What is not
/// a character query goes to `base`.
package struct FuzzyClient: RickAndMortyClient {
    package let base: any RickAndMortyClient
    /// In id order.
    package let characters: [RMCharacter]
    private let candidates: FuzzyCandidates
    /// fzf's `--exact`: terms match as parts unless `'` makes them fuzzy.
    package var exact = false
    package var caseMatching = FuzzyPattern.CaseMatching.smart

    package init(_ base: any RickAndMortyClient, characters: [RMCharacter]) {
        self.base = base
        self.characters = characters.sorted { $0.id < $1.id }
        candidates = FuzzyCandidates(self.characters.map(\.name))
    }

    package func pattern(_ text: String) -> FuzzyPattern {
        FuzzyPattern(text, exact: exact, caseMatching: caseMatching)
    }

    /// Every character `query` finds, best first, its page aside.
    package func matches(_ query: CharacterQuery) -> [RMCharacter] {
        var others = query.filters
        others[.name] = nil
        let rest = CharacterQuery(filters: others)
        let found = pattern(query.filters[.name] ?? "").matches(in: candidates, positions: false)
        return found.map { characters[$0.index] }.filter { rest.matches($0) }
    }

    package func page<Resource: APIResource>(_ query: ResourceQuery<Resource>) async throws -> Page<Resource> {
        guard let characterQuery = query as? CharacterQuery else { return try await base.page(query) }
        let found = matches(characterQuery)
        let size = 20
        let pages = (found.count + size - 1) / size
        let number = query.page
        let items = number <= pages ? Array(found[(number - 1) * size..<min(found.count, number * size)]) : []
        let page = Page(number: number, count: number <= pages ? found.count : 0, pages: number <= pages ? pages : 0, items: items)
        // Resource is RMCharacter here.
        return page as? Page<Resource> ?? .empty(number: number)
    }

    package func item<Resource: APIResource>(_ type: Resource.Type, id: Int) async throws -> Resource {
        try await base.item(type, id: id)
    }

    package func items<Resource: APIResource>(_ type: Resource.Type, ids: [Int]) async throws -> [Resource] {
        try await base.items(type, ids: ids)
    }
}
