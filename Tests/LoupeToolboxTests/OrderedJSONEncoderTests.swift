import Foundation
import Testing

@testable import LoupeToolbox

/// JSON with each object's keys in encoding order, otherwise as Foundation writes it.
@Suite struct OrderedJSONEncoderTests {
    struct Place: Codable, Equatable {
        var name: String
        var url: URL
    }

    struct Character: Codable, Equatable {
        var id: Int
        var name: String
        var type: String?
        var origin: Place
        var episode: [Int]
        var score: Double
        var alive: Bool
        var tags: [String: Int]
    }

    static let rick = Character(
        id: 1, name: "Rick \"C-137\" Sánchez\n", type: nil,
        origin: Place(name: "Earth", url: URL(string: "https://example.com/api/location/1")!), episode: [1, 2],
        score: 1.5, alive: true, tags: ["b": 2, "a": 1])

    @Test func keysComeInTheOrderTheyAreEncoded() throws {
        let text = try OrderedJSONEncoder().text(Self.rick)
        #expect(
            text
                == #"{"id":1,"name":"Rick \"C-137\" Sánchez\n","origin":{"name":"Earth","url":"https://example.com/api/location/1"},"#
                + #""episode":[1,2],"score":1.5,"alive":true,"tags":{"a":1,"b":2}}"#,
            "nil left out as the synthesized encoding does, slashes unescaped, a dictionary's keys sorted")
        #expect(try JSONDecoder().decode(Character.self, from: Data(text.utf8)) == Self.rick, "Foundation reads it back")
    }

    @Test func prettyIsFoundationsPrettyPrintedLayout() throws {
        // Keys declared in alphabetical order, so Foundation's sorted output is the same order.
        struct Sorted: Encodable {
            var a = [1, 2]
            var b = ["x": "y"]
            var c: String? = nil
            var d = 2.0
            var e: [Int] = []
            var f: [String: Int] = [:]
        }
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let expected = String(decoding: try foundation.encode(Sorted()), as: UTF8.self)
        #expect(try OrderedJSONEncoder(pretty: true).text(Sorted()) == expected)
    }

    @Test func datesAsAskedAndNonFiniteNumbersRefused() throws {
        let date = Date(timeIntervalSince1970: 0)
        let text = try OrderedJSONEncoder(dates: { _ in "1970" }).text(["when": date])
        #expect(text == #"{"when":"1970"}"#)
        #expect(throws: EncodingError.self) { try OrderedJSONEncoder().text([Double.nan]) }
        #expect(try OrderedJSONEncoder().text("\u{01}") == #""\u0001""#)
    }
}
