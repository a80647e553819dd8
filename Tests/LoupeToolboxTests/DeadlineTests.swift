import Testing

@testable import LoupeToolbox

/// Work bounded by a deadline: cancelled at its instant, except what runs exempt, which ends on
/// its own and says how.
@Suite struct DeadlineTests {
    /// Whether a minute's sleep was cut short.
    static func sleepsAMinute() async -> Bool {
        (try? await Task.sleep(for: .seconds(60))) == nil
    }

    @Test func workStillRunningAtTheInstantIsCancelled() async {
        let deadline = Deadline(.now + .milliseconds(100))
        #expect(await deadline.within { await Self.sleepsAMinute() })
        #expect(deadline.hasPassed)
    }

    @Test func workDoneInTimeIsLeftAlone() async {
        // An hour: a loaded machine running the whole suite has held this test a minute and more.
        let deadline = Deadline(.now + .seconds(3600))
        #expect(await deadline.within { 42 } == 42)
        #expect(!deadline.hasPassed)
    }

    /// A request's wait runs exempt: the deadline's cancellation of the work around it does not
    /// reach it, so it ends as it would (here, after its own short wait), not as cancelled.
    @Test func exemptWorkEndsOnItsOwn() async {
        let deadline = Deadline(.now + .milliseconds(50))
        let ended = await deadline.within { () -> [Bool] in
            let exempt = await deadline.exempt { (try? await Task.sleep(for: .milliseconds(300))) == nil }
            // The work around it was cancelled meanwhile, and still is.
            return [exempt, Task.isCancelled]
        }
        #expect(ended == [false, true])
    }

    /// A caller's own cancellation still reaches exempt work.
    @Test func theCallersCancellationReachesExemptWork() async {
        let deadline = Deadline(.now + .seconds(60))
        let task = Task { await deadline.exempt { await Self.sleepsAMinute() } }
        task.cancel()
        #expect(await task.value)
    }

    @Test func noInstantIsNoDeadline() async {
        let deadline = Deadline(nil)
        #expect(await deadline.within { Task.isCancelled } == false)
        #expect(!deadline.hasPassed)
    }
}
