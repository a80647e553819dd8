import Foundation
import Testing

@testable import RickAndMortyAPI

@Suite struct ResourceQueryTests {
    @Test(arguments: [("2", 2), ("0", 1), ("-3", 1), ("abc", 1), ("", 1)])
    func pageParsesLikeTheRealAPI(value: String, expected: Int) {
        let query = CharacterQuery(queryItems: [URLQueryItem(name: "page", value: value)])
        #expect(query.page == expected)
    }

    @Test func unknownKeysAreIgnored() {
        let query = CharacterQuery(queryItems: [
            URLQueryItem(name: "name", value: "rick"), URLQueryItem(name: "dimension", value: "x"),
        ])
        #expect(query.filters == [.name: "rick"])
    }

    @Test func queryItemsPutPageFirstThenFiltersInTheAPIsOrder() {
        let query = CharacterQuery(name: "rick", status: .alive, gender: .male, page: 3)
        let rendered = query.queryItems.map { "\($0.name)=\($0.value ?? "")" }
        #expect(rendered == ["page=3", "name=rick", "status=alive", "gender=male"])
    }

    @Test func atPageKeepsFilters() {
        let query = CharacterQuery(name: "rick").at(page: 4)
        #expect(query.page == 4)
        #expect(query.filters == [.name: "rick"])
        #expect(query.at(page: 0).page == 1)
    }
}
