import APIServer
import Foundation
import TestSupport
import Testing

/// A server that never answers: on a terminal the wait is shown (whom, how long, how to stop),
/// `--timeout` bounds the whole of it, retries included, and the end names host, attempts and time.
@Suite struct WaitingTests {
    typealias Pane = BrowseTerminalTests.Pane

    @Test func aSilentServerShowsTheWaitAndTheDeadlineEndsIt() async throws {
        try await TestData.withServer(faults: FaultPlan(misbehavior: .silent)) { base in
            let cache = try TemporaryFolder()
            let host = "\(base.host ?? ""):\(base.port ?? 0)"
            let pane = try Pane(
                "env RICKDEX_CACHE_DIR=\(cache.path) \(RickdexProcess.executable.path) search morty --api \(base.absoluteString)"
                    + " --timeout 10; echo \"STATUS $?\"")
            let (waiting, end) = try await onOwnThread {
                // The line shows from the first second to the tenth: a pane read late on a loaded machine still sees it.
                (try pane.wait(for: "waiting for \(host)", seconds: 30), try pane.wait(for: "STATUS", seconds: 40))
            }
            // First drawn as the wait passes its first second (the poll is four times a second); a
            // loaded machine may read the pane some seconds later.
            #expect(
                waiting.range(of: #"waiting for \#(host) · [1-9] s · Ctrl-C stops"#, options: .regularExpression) != nil,
                "\(waiting)")
            #expect(end.contains("STATUS 2"))
            // The deadline held: the message says the time the whole wait took.
            #expect(
                end.range(of: #"rickdex: no answer from \#(host) in 1[0-2](\.[0-9]+)? s"#, options: .regularExpression) != nil,
                "\(end)")
            #expect(!end.contains("waiting for"), "the line is cleared before the message")
        }
    }

    /// Avatars that never come hold no row: the names print once their short wait is over, and
    /// stderr says which avatars are missing and why.
    @Test func avatarsThatHangHoldNoRow() async throws {
        try await TestData.withServer(faults: FaultPlan(misbehavior: .silent, misbehavesOnAvatarsOnly: true)) { base in
            let result = try await RickdexProcess.run(["search", "rick", "--preview", "--api", base.absoluteString])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("Rick Sanchez") && result.stdout.contains("page 1 of 5"))
            #expect(
                result.stderr.hasPrefix("rickdex: 20 avatars could not be shown: Rick Sanchez: none arrived for 3 s"),
                "\(result.stderr)")
        }
    }

    /// Without a terminal there is no waiting line, and the message still says it all.
    @Test func theWholeWaitIsBoundedRetriesIncluded() async throws {
        try await TestData.withServer(faults: FaultPlan(misbehavior: .silent)) { base in
            // Four attempts allowed, each up to 20 s: the 1.5 s deadline ends the first.
            let result = try await RickdexProcess.run(
                ["show", "1", "--api", base.absoluteString, "--timeout", "1.5", "--retries", "3"])
            #expect(result.status == 2)
            let host = "\(base.host ?? ""):\(base.port ?? 0)"
            // The deadline ends it (a loaded machine may take a little longer to say so), not four attempts of 20 s.
            #expect(
                result.stderr.range(of: #"^rickdex: no answer from \#(host) in [1-4](\.[0-9]+)? s"#, options: .regularExpression)
                    != nil, "\(result.stderr)")
            #expect(result.stderr.contains(" s (1 attempt at \(base.absoluteString)/character/1)"))
            #expect(!result.stderr.contains("waiting for"))
        }
    }

    @Test func browseSaysWhatItWaitsForInItsStatusLine() async throws {
        try await TestData.withServer(faults: FaultPlan(misbehavior: .silent)) { base in
            let cache = try TemporaryFolder()
            let host = "\(base.host ?? ""):\(base.port ?? 0)"
            let pane = try Pane(
                "env RICKDEX_CACHE_DIR=\(cache.path) \(RickdexProcess.executable.path) browse --api \(base.absoluteString)"
                    + " --timeout 30")
            let screen = try await onOwnThread { () -> String in
                // The seconds tick; a loaded machine may sample the line at any of them.
                let screen = try pane.wait(for: "waiting for \(host) · ", seconds: 15)
                try pane.keys("C-c")
                _ = try pane.wait(for: "DONE")
                return screen
            }
            #expect(
                screen.range(
                    of: #"loading everyone… · waiting for \#(host) · [0-9]+ s · Ctrl-C quits"#, options: .regularExpression)
                    != nil, "\(screen)")
        }
    }
}
