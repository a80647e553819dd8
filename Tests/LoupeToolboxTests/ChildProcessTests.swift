import Foundation
import SystemPackage
import Testing
import LoupeToolbox

/// `ChildProcess` starts real programs (`/bin/sh`) and reads what they write, as `--api fixtures`
/// starts `rickdex serve`.
@Suite struct ChildProcessTests {
    @Test func readsTheFirstLineTheErrorsAndTheExitStatus() throws {
        let child = try ChildProcess(
            executable: "/bin/sh", arguments: ["-c", "echo http://127.0.0.1:1/api; echo second; echo broken >&2; exit 3"])
        #expect(String(decoding: try child.readOutputLine(), as: UTF8.self) == "http://127.0.0.1:1/api")
        #expect(String(decoding: try child.readOutputLine(), as: UTF8.self) == "second")
        #expect(try child.readOutputLine().isEmpty, "the end of the output reads as an empty line")
        #expect(child.wait() == 3)
        #expect(String(decoding: child.readAllErrors(), as: UTF8.self) == "broken\n")
        #expect(child.reapIfExited() == 3, "reaped already: the status wait gave")
        #expect(child.wait() == 3, "a second wait gives the same status")
    }

    @Test func closingItsInputEndsAChildThatReadsToTheEnd() throws {
        let child = try ChildProcess(executable: "/bin/cat", arguments: [])
        #expect(child.reapIfExited() == nil, "cat runs until its input ends")
        _ = try child.input.writeAll(Array("echoed\n".utf8))
        #expect(String(decoding: try child.readOutputLine(), as: UTF8.self) == "echoed")
        child.closeInput()
        #expect(child.wait() == 0)
    }

    /// Its input closed by the caller, the child's end must not close again as it goes: that
    /// would close whatever descriptor took the number meanwhile (another test's pipe, say).
    @Test func aClosedInputIsNotClosedAgainWhenTheChildGoes() throws {
        var child: ChildProcess? = try ChildProcess(executable: "/bin/cat", arguments: [])
        let number = try #require(child?.input.rawValue)
        child?.closeInput()
        child?.closeInput()
        // Descriptors are handed out lowest first: open until the input's number comes back
        // (lower free ones fill first), unless another thread takes it meanwhile.
        var opened: [Int32] = []
        defer { opened.forEach { close($0) } }
        while opened.count < 256, opened.last != number {
            let descriptor = open("/dev/null", O_RDONLY)
            guard descriptor >= 0 else { break }
            opened.append(descriptor)
        }
        #expect(child?.wait() == 0)
        child = nil
        for descriptor in opened {
            #expect(fcntl(descriptor, F_GETFD) != -1, "descriptor \(descriptor), opened after closeInput(), is still open")
        }
    }

    @Test func aTerminatedChildReportsTheSignalAsAShellDoes() throws {
        let child = try ChildProcess(executable: "/bin/sleep", arguments: ["30"])
        #expect(child.reapIfExited() == nil)
        child.terminate()
        #expect(child.wait() == 128 + SIGTERM)
        child.terminate()  // already gone: nothing to signal
    }

    @Test func theChildKeepsOnlyItsThreeStreamsAndDefaultSignals() throws {
        // This process ignores SIGPIPE (as a server does); the child must not inherit that.
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let child = try ChildProcess(
            executable: "/bin/sh", arguments: ["-c", "ls /proc/self/fd | tr '\\n' ' '; echo; grep SigIgn /proc/self/status"])
        let descriptors = String(decoding: try child.readOutputLine(), as: UTF8.self)
        let ignored = String(decoding: try child.readOutputLine(), as: UTF8.self)
        #expect(child.wait() == 0)
        // The test process holds many descriptors without close-on-exec (swift-testing's, tmux's
        // pipes of other suites); ls's own listing of the folder adds one above 2.
        let numbers = descriptors.split(separator: " ").compactMap { Int($0) }.sorted()
        #expect(numbers.filter { $0 > 2 }.count <= 1, "\(descriptors)")
        #expect(numbers.starts(with: [0, 1, 2]), "\(descriptors)")
        let mask = try #require(UInt64(ignored.split(separator: "\t").last ?? "", radix: 16), "\(ignored)")
        #expect(mask & (1 << (UInt64(SIGPIPE) - 1)) == 0, "SIGPIPE is not ignored in the child: \(ignored)")
    }

    @Test func aProgramThatIsNotThereIsTheSystemsError() {
        #expect(throws: Errno(rawValue: ENOENT)) {
            try ChildProcess(executable: "/nonexistent/rickdex", arguments: [])
        }
    }
}
