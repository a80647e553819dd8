import Foundation
import TestSupport
import Testing

@testable import RickAndMortyAPI

/// The hand-written reader of the API's timestamps gives what Foundation's ISO 8601 parser gives,
/// and leaves every other form to it.
@Suite struct ISO8601TimestampTests {
    static func foundation(_ text: String) -> Date? {
        (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
            ?? (try? Date(text, strategy: Date.ISO8601FormatStyle()))
    }

    @Test(arguments: [
        "2017-11-04T18:48:46.250Z", "2017-11-04T18:48:46Z", "1970-01-01T00:00:00.000Z", "2020-02-29T23:59:59.999Z",
        "2000-02-29T12:00:00.5Z", "1999-12-31T23:59:59.123Z", "2038-01-19T03:14:08.000Z", "1969-07-20T20:17:40.000Z",
    ])
    func agreesWithFoundation(_ text: String) throws {
        let ours = try #require(ISO8601Timestamp.utc(text))
        let theirs = try #require(Self.foundation(text))
        #expect(abs(ours.timeIntervalSince1970 - theirs.timeIntervalSince1970) < 0.000_5, "\(text)")
    }

    @Test(arguments: [
        "2019-02-29T00:00:00.000Z", "2017-13-01T00:00:00.000Z", "2017-11-31T00:00:00.000Z", "2017-11-04T24:00:00.000Z",
        "2017-11-04T18:60:00.000Z", "2017-11-04T18:48:46.250+01:00", "2017-11-04T18:48:46.250z", "2017-11-04 18:48:46Z",
        "2017-11-04T18:48:46.Z", "2017-11-04T18:48:4x.250Z", "", "2017-11-04",
    ])
    func leavesOtherFormsToFoundation(_ text: String) {
        #expect(ISO8601Timestamp.utc(text) == nil, "\(text)")
    }

    @Test func everyDateOfTheDatasetReadsAsFoundationReadsIt() throws {
        let data = try Data(contentsOf: TestData.fixtures.appendingPathComponent("characters.json"))
        let characters = try JSONDecoder().decode([CharacterDTO].self, from: data)
        #expect(characters.count > 100)
        for character in characters {
            let ours = try #require(ISO8601Timestamp.utc(character.created))
            let theirs = try #require(Self.foundation(character.created))
            #expect(abs(ours.timeIntervalSince1970 - theirs.timeIntervalSince1970) < 0.000_5, "\(character.created)")
        }
    }
}
