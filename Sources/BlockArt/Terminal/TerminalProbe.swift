import Foundation
import Synchronization
import Toolbox

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Asks the terminal what it is, in one round trip on the controlling terminal: XTVERSION, the
/// kitty graphics query, OSC 11 (background), `CSI 16 t` (cell size) and, last, DA1, which
/// every terminal answers, so its answer means the others are in.
///
/// Echo is off while the answers come, and they are read out of the input, so nothing shows on
/// screen or in what the user types next. A terminal that does not answer costs the budget once
/// a process; what arrived by then is discarded from the input.
public enum TerminalProbe {
    /// The queries, DA1 last.
    static let queries =
        "\u{1B}[>0q" + "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\" + "\u{1B}]11;?\u{1B}\\" + "\u{1B}[16t"
        + "\u{1B}[c"

    /// The most bytes read: enough for every answer, with room for typed-ahead keys.
    static let inputLimit = 4096

    /// The first probe's result (the outer optional: whether it ran), for the rest of the process.
    private static let cached = Mutex<ProbeAnswers??>(nil)

    /// The answers, probed on the first call of the process and remembered; `nil` when there is
    /// no controlling terminal, it belongs to another process group, or nothing came in time.
    public static func answers(budget: Duration = .milliseconds(100)) -> ProbeAnswers? {
        cached.withLock { stored in
            if let done = stored { return done }
            let answers = run(budget: budget)
            stored = .some(answers)
            return answers
        }
    }

    /// One probe, not remembered.
    static func run(budget: Duration) -> ProbeAnswers? {
        let descriptor = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        // A background job that touched the terminal's modes would be stopped (SIGTTOU).
        guard tcgetpgrp(descriptor) == getpgrp() else { return nil }
        var original = termios()
        guard tcgetattr(descriptor, &original) == 0 else { return nil }
        var quiet = original
        quiet.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &quiet.c_cc) { bytes in
            bytes[Int(VMIN)] = 0
            bytes[Int(VTIME)] = 0
        }
        guard tcsetattr(descriptor, TCSANOW, &quiet) == 0 else { return nil }
        defer { tcsetattr(descriptor, TCSANOW, &original) }

        let query = Array(queries.utf8)
        guard query.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == query.count else { return nil }
        let deadline = ContinuousClock.now + budget
        var input: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while input.count < inputLimit {
            let left = ContinuousClock.now.duration(to: deadline)
            let milliseconds = Int32(clamping: left.milliseconds)
            guard milliseconds > 0 else { break }
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            input += buffer.prefix(count)
            let answers = ProbeAnswers.parse(input)
            if answers.isComplete { return answers }
        }
        // Late answers would land in the shell's input: drop what came, keep nothing.
        tcflush(descriptor, TCIFLUSH)
        let partial = ProbeAnswers.parse(input)
        return partial == ProbeAnswers() ? nil : partial
    }
}
