import Testing

@testable import LoupeHTTP

/// What a slow request waits for, as browse's status line shows it.
@Suite struct RequestActivityTests {
    /// The wait shown is the oldest request's, once it passes the threshold; with `since`, only a
    /// request started then or later counts, so a new search does not carry the last one's time.
    @Test func theWaitIsTheOldestRequestsSinceWhatWasAskedLast() {
        let activity = RequestActivity()
        let start = ContinuousClock.now
        let old = activity.begin(host: "127.0.0.1:1", at: start)
        let asked = start + .seconds(10)
        _ = activity.begin(host: "127.0.0.1:2", at: asked)
        let now = asked + .seconds(3)
        #expect(activity.wait(at: now, threshold: .seconds(1)) == NetworkWait(host: "127.0.0.1:1", seconds: 13, attempt: 1))
        #expect(activity.wait(at: now, threshold: .seconds(1), since: asked) == NetworkWait(host: "127.0.0.1:2", seconds: 3, attempt: 1))
        #expect(activity.wait(at: asked + .milliseconds(500), threshold: .seconds(1), since: asked) == nil, "under the threshold")
        activity.end(old, at: now)
        #expect(activity.wait(at: now + .seconds(2), threshold: .seconds(1)) == NetworkWait(host: "127.0.0.1:2", seconds: 5, attempt: 1))
    }
}
