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
        activity.sent(old, at: start)
        let asked = start + .seconds(10)
        activity.sent(activity.begin(host: "127.0.0.1:2", at: asked), at: asked)
        let now = asked + .seconds(3)
        #expect(activity.wait(at: now, threshold: .seconds(1)) == NetworkWait(host: "127.0.0.1:1", seconds: 13, attempt: 1))
        #expect(activity.wait(at: now, threshold: .seconds(1), since: asked) == NetworkWait(host: "127.0.0.1:2", seconds: 3, attempt: 1))
        #expect(activity.wait(at: asked + .milliseconds(500), threshold: .seconds(1), since: asked) == nil, "under the threshold")
        activity.end(old, at: now)
        #expect(activity.wait(at: now + .seconds(2), threshold: .seconds(1)) == NetworkWait(host: "127.0.0.1:2", seconds: 5, attempt: 1))
    }

    /// A request waiting for a connection in this process is not waiting for its host: it shows
    /// no wait until it is sent, and then counts from when it was.
    @Test func aQueuedRequestIsNoWaitForItsHost() {
        let activity = RequestActivity()
        let asked = ContinuousClock.now
        let queued = activity.begin(host: "127.0.0.1:1", at: asked)
        #expect(activity.wait(at: asked + .seconds(5), threshold: .seconds(1)) == nil)
        activity.sent(queued, at: asked + .seconds(5))
        let wait = activity.wait(at: asked + .seconds(7), threshold: .seconds(1))
        #expect(wait == NetworkWait(host: "127.0.0.1:1", seconds: 2, attempt: 1))
    }
}
