import Foundation
import RickAndMortyAPI

/// Fuzzes the decoding of the API's answers: any body, as every kind of answer and as a 404,
/// gives a value or an `APIError`; a body that decodes must also pass the completeness check
/// the transport applies, or whole answers would be retried as cut short.
public enum APIJSONFuzzTarget {
    // swift-format-ignore: NeverForceUnwrap
    static let url = APIRoot.realService.url(for: "character?page=2")!
    /// A root other than the answers' own, so their URLs are read under it as a proxy's would be.
    // swift-format-ignore: NeverForceUnwrap
    static let root = APIRoot("http://proxy.test:8080/api")!

    public static let callback: FuzzCallback = { start, count in
        run(FuzzDriver.bytes(start, count))
        return 0
    }

    /// Returns how many kinds of 200 answer the body decoded as.
    @discardableResult
    public static func run(_ body: [UInt8]) -> Int {
        let complete = JSONBody.isComplete(body)
        return attempt(body, complete) { try APIEndpoint.page(CharacterQuery(page: 2), status: $0, body: $1, url: url, root: root) }
            + attempt(body, complete) { try APIEndpoint.page(EpisodeQuery(), status: $0, body: $1, url: url, root: root) }
            + attempt(body, complete) { try APIEndpoint.page(LocationQuery(), status: $0, body: $1, url: url, root: root) }
            + attempt(body, complete) { try APIEndpoint.item(RMCharacter.self, id: 1, status: $0, body: $1, url: url, root: root) }
            + attempt(body, complete) { try APIEndpoint.item(Episode.self, id: 1, status: $0, body: $1, url: url, root: root) }
            + attempt(body, complete) { try APIEndpoint.item(Location.self, id: 1, status: $0, body: $1, url: url, root: root) }
            + attempt(body, complete) { try APIEndpoint.items(RMCharacter.self, status: $0, body: $1, url: url, root: root) }
    }

    private static func attempt<T>(_ body: [UInt8], _ complete: Bool, _ decode: (Int, [UInt8]) throws -> T?) -> Int {
        var decoded = 0
        for status in [200, 404] {
            do {
                let value = try decode(status, body)
                if status == 200 {
                    check(value != nil, "a 200 decoded to nothing")
                    check(complete, "a body that decodes was judged cut short")
                    decoded += 1
                }
            } catch let error as APIError {
                check(!error.description.isEmpty, "an error without a description")
            } catch {
                check(false, "an error that is not an APIError: \(error)")
            }
        }
        return decoded
    }
}
