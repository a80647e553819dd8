import LoupeHTTP
import LoupePipeline
import RickAndMortyAPI
import Testing

@testable import UseCases

/// What stops a batch: the API's own host gone, or the deadline; an avatar's failure of its own
/// (a refused URL, a refused redirect, another host gone) fails that avatar alone.
@Suite struct BatchStopRuleTests {
    static let api = "127.0.0.1:8080"
    static let refused = HTTPError.Cause.system(.connectionRefused)

    static func avatar(_ cause: any Error) -> any Error {
        ImagePipeline.Error.dataLoadingFailed(url: "http://\(api)/api/character/avatar/1.jpeg", underlying: cause)
    }

    @Test func theAPIsHostGoneStopsTheBatch() {
        #expect(BatchStop(Self.avatar(HTTPError.unreachable(host: Self.api, cause: Self.refused)), apiHost: Self.api)
            == .hostGone(host: Self.api, cause: Self.refused))
        // A page is the API's, whatever host it names.
        let page = APIError.transport(.unreachable(host: "127.0.0.1:9", cause: Self.refused))
        #expect(BatchStop(page, apiHost: Self.api) == .hostGone(host: "127.0.0.1:9", cause: Self.refused))
        #expect(BatchStop(Self.avatar(HTTPError.deadlinePassed(url: "x")), apiHost: Self.api) == .deadlinePassed)
    }

    /// A request the deadline caught in this process's queue never reached the server: its item
    /// is not started. One it caught at the server was started, and failed.
    @Test func aRequestTheDeadlineCaughtUnsentIsNotStarted() {
        #expect(BatchStop.neverSent(Self.avatar(HTTPError.deadlinePassed(url: "x", sent: false))))
        #expect(BatchStop.neverSent(APIError.transport(.deadlinePassed(url: "x", sent: false))))
        #expect(!BatchStop.neverSent(Self.avatar(HTTPError.deadlinePassed(url: "x", sent: true))))
        #expect(!BatchStop.neverSent(Self.avatar(HTTPError.timedOut(url: "x", seconds: 1))))
        // Work the deadline cut short (an avatar's thumbnails) has the stop as its cause.
        #expect(BatchStop(BatchStop.deadlinePassed, apiHost: Self.api) == .deadlinePassed)
    }

    @Test func anAvatarsOwnFailureStopsNothing() {
        let own: [any Error] = [
            Self.avatar(HTTPError.unreachable(host: "127.0.0.1:1", cause: Self.refused)),
            Self.avatar(HTTPError.redirectRefused(url: "http://\(Self.api)/a", target: "file:///etc/passwd")),
            Self.avatar(ImageHostRefused(url: "http://198.51.100.7/a.jpeg", api: Self.api)),
            ImagePipeline.Error.urlRefused(url: "gopher://127.0.0.1:1/x"),
        ]
        for error in own {
            #expect(BatchStop(error, apiHost: Self.api) == nil, "\(error)")
        }
    }
}
