import Foundation
import Testing
import LoupeToolbox

@Suite struct BackgroundThreadTests {
    @Test func runsTheBodyOnANewNamedThread() async throws {
        let caller = pthread_self()
        let seen = await withCheckedContinuation { (continuation: CheckedContinuation<(pthread_t, String), Never>) in
            BackgroundThread.start(name: "rickdex.test-thread-name") {
                let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
                continuation.resume(returning: (pthread_self(), name.trimmingWhitespace()))
            }
        }
        #expect(seen.0 != caller)
        #expect(seen.1 == "rickdex.test-th", "the name, cut to the 15 bytes Linux keeps")
    }
}
