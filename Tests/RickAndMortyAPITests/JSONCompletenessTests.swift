import Foundation
import TestSupport
import Testing

@testable import RickAndMortyAPI

/// `JSONBody.isComplete` tells a whole document from one cut short, without parsing it.
@Suite struct JSONCompletenessTests {
    @Test(arguments: [
        #"{}"#, #"[]"#, #"{"a":[1,2,{"b":"}"}]}"#, "  {\"a\": \"\\\"]\"}\n", #"[{"x":"\\"}]"#,
    ])
    func wholeDocumentsAreComplete(text: String) {
        #expect(JSONBody.isComplete(Array(text.utf8)))
    }

    @Test(arguments: [
        "", "   ", #"{"#, #"{"a":"}"#, #"{"a":[1,2]"#, #"{"a":"\"}"#, #"{}{"#, #"{}x"#, #"}{"#, "true", #""text""#,
    ])
    func cutShortOrStrayBytesAreNot(text: String) {
        #expect(!JSONBody.isComplete(Array(text.utf8)))
    }

    /// Found by fuzzing: Foundation's decoder stops at a NUL and reads `[\0…]\0…[` as `[]`.
    @Test func bytesAfterANulAreNotIgnored() throws {
        let body: [UInt8] = [0x5B, 0, 0, 0, 0x5D, 0, 0, 0, 0x01, 0x1D, 0x5B]
        let url = try #require(URL(string: "https://rickandmortyapi.com/api/character/%5B1%5D"))
        #expect(
            throws: APIError.malformedResponse(
                url: url.absoluteString, field: "(body)", reason: "the JSON document does not end where the body does")
        ) {
            try APIEndpoint.items(RMCharacter.self, status: 200, body: body, url: url, root: nil)
        }
    }

    @Test func everyPrefixOfARealPageIsIncomplete() throws {
        let dataset = TestData.fixturesDataset
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let page = Array(try encoder.encode(Array(dataset.characters.prefix(20))))
        #expect(JSONBody.isComplete(page))
        for length in stride(from: 0, to: page.count, by: max(1, page.count / 500)) {
            #expect(!JSONBody.isComplete(Array(page.prefix(length))), "a \(length)-byte prefix passed as whole")
        }
        #expect(!JSONBody.isComplete(Array(page.dropLast())))
    }
}
